/// Kith's one script. Pages work without it; it only improves them: a click on a calendar
/// day shows that day's list under the month without leaving the page.
enum Script {
    static let js: StaticString = """
        "use strict";
        document.addEventListener("click", function (e) {
          var a = e.target.closest && e.target.closest("a.day[data-day]");
          var panel = document.getElementById("daypanel");
          if (!a || !panel || e.ctrlKey || e.metaKey || e.shiftKey) return;
          e.preventDefault();
          fetch("/day/" + a.getAttribute("data-day"), {credentials: "same-origin"})
            .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
            .then(function (html) {
              var doc = new DOMParser().parseFromString(html, "text/html");
              var list = doc.getElementById("daylist");
              panel.replaceChildren();
              if (list) panel.appendChild(document.importNode(list, true));
              panel.scrollIntoView({behavior: "smooth", block: "nearest"});
            })
            .catch(function () { window.location = a.href; });
        });
        """
}
