from django.urls import path

from sandbox import views

app_name = "sandbox"

urlpatterns = [
    path("", views.sandbox_list, name="list"),
    path("<int:sandbox_id>/", views.sandbox_detail, name="detail"),
    path("<int:sandbox_id>/phase/<int:phase_id>/orders/", views.sandbox_orders, name="orders"),
    path("<int:sandbox_id>/phase/<int:phase_id>/board/", views.sandbox_board, name="board"),
    path("<int:sandbox_id>/delete/", views.sandbox_delete, name="delete"),
    path("shared/<str:code>/", views.sandbox_shared, name="shared"),
    path("fork/<int:game_id>/<int:index>/", views.sandbox_fork, name="fork"),
]
