// A little progressive enhancement of the table-mode page. Without scripts every
// step works as a plain form; with them:
// - a button marked data-confirm asks before it sends (undo, a whole company routed);
// - a form is sent once: a second tap while the page loads does nothing, so an
//   impatient thumb cannot send the same tap twice;
// - the robot's answer is scrolled into view when the page opens on it, or a
//   refusal when the page opens on one.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-confirm]");
    if (button && !window.confirm(button.getAttribute("data-confirm"))) {
      event.preventDefault();
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.method.toLowerCase() !== "post") {
      return;
    }
    if (form.getAttribute("data-sent")) {
      event.preventDefault();
      return;
    }
    form.setAttribute("data-sent", "1");
  });

  // A page shown again from the back button keeps its DOM: let its forms send.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      document.querySelectorAll("form[data-sent]").forEach(function (form) {
        form.removeAttribute("data-sent");
      });
    }
  });

  // A refusal (a stale page, an answer that could not be read) is what the
  // page opens on; otherwise the robot's answer.
  var refused = document.querySelector(".messages .error");
  var answer = document.getElementById("answer");
  if (refused) {
    refused.scrollIntoView({ block: "start" });
  } else if (answer && !window.location.hash) {
    answer.scrollIntoView({ block: "start" });
  }
})();
