// A small progressive enhancement of the battle page: while the battle pack is
// being prepared, look at the page again every few seconds and swap in the new
// pack box (the download link once the pack is stored, or the reason it
// failed). Without scripts, the box's own "refresh" link does the same. The
// scene's playtest page uses it too, for its progress and then its report.
(function () {
  "use strict";
  var DELAY_MS = 2500;
  var MAX_LOOKS = 120;
  var looks = 0;

  function box() {
    return document.querySelector("[data-pack-refresh]");
  }

  function look() {
    var current = box();
    if (!current || looks >= MAX_LOOKS) {
      return;
    }
    looks += 1;
    fetch(current.getAttribute("data-pack-refresh"), {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.text();
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById(current.id);
        if (fresh) {
          current.replaceWith(document.importNode(fresh, true));
        }
        window.setTimeout(look, DELAY_MS);
      })
      .catch(function () {
        window.setTimeout(look, DELAY_MS * 2);
      });
  }

  if (window.fetch && window.DOMParser && box()) {
    window.setTimeout(look, DELAY_MS);
  }
})();
