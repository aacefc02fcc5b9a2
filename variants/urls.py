from django.urls import path

from variants import views

app_name = "variants"

urlpatterns = [
    path("", views.variant_list, name="index"),
    path("<slug:variant_id>/", views.variant_rules, name="rules"),
]
