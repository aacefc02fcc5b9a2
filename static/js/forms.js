// Small behaviours of forms, declared in the page's markup rather than as inline handlers
// (which the site's content security policy refuses to run):
//   data-submit-on-change   a select that sends its form when changed (language, lobby filter)
//   data-select-on-click    a read-only field whose text is selected at a click (a link to share)
//   data-confirm="question" a form sent only if the player confirms (a deletion)

document.addEventListener("change", (event) => {
  const field = event.target;
  if (field instanceof HTMLSelectElement && field.hasAttribute("data-submit-on-change") && field.form) {
    field.form.requestSubmit();
  }
});

document.addEventListener("click", (event) => {
  const field = event.target;
  if (field instanceof HTMLInputElement && field.hasAttribute("data-select-on-click")) field.select();
});

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
});
