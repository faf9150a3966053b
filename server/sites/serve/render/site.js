// Quire's published sites: enhancements only. Every page reads and navigates without this file.
(function () {
  "use strict";
  var doc = document, root = doc.documentElement, body = doc.body, base = body.getAttribute("data-base") || "";

  // Theme: where readers may switch, the system's preference until they choose, then their choice,
  // remembered. The head's inline script (THEME_SCRIPT) applies it before paint and follows the system.
  var toggle = doc.querySelector("button[data-theme-toggle]");
  function syncToggle() {
    if (toggle) toggle.setAttribute("aria-pressed", String(root.classList.contains("dark")));
  }
  if (toggle) {
    toggle.hidden = false;
    syncToggle();
    toggle.addEventListener("click", function () {
      var dark = root.classList.toggle("dark");
      try { localStorage.setItem("quire-theme", dark ? "dark" : "light"); } catch (_) {}
      syncToggle();
    });
  }
  // After the head script's listener (lists are told of a change in the order they were made).
  if (toggle) matchMedia("(prefers-color-scheme: dark)").addEventListener("change", syncToggle);

  // Disclosure menus (section groups, header dropdowns, the variant switcher): one open at a time, Escape and a click outside close them.
  var menus = [].slice.call(doc.querySelectorAll("details.menu"));
  menus.forEach(function (menu) {
    menu.addEventListener("toggle", function () {
      if (menu.open) menus.forEach(function (other) { if (other !== menu) other.open = false; });
    });
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) {
        menu.open = false;
        menu.querySelector("summary").focus();
      }
    });
  });
  doc.addEventListener("click", function (event) {
    menus.forEach(function (menu) { if (menu.open && !menu.contains(event.target)) menu.open = false; });
  });

  // Tabs: every panel is shown under its title without JavaScript; here they become a WAI-ARIA tab list.
  [].slice.call(doc.querySelectorAll(".quire-markdown .tabs")).forEach(function (tabs, n) {
    var panels = [].slice.call(tabs.children).filter(function (child) { return child.classList.contains("tab-panel"); });
    if (panels.length === 0) return;
    var list = doc.createElement("div");
    list.setAttribute("role", "tablist");
    list.className = "tab-list";
    var buttons = panels.map(function (panel, i) {
      var title = panel.querySelector(".tab-title");
      var button = doc.createElement("button");
      button.type = "button";
      button.className = "tab-button";
      button.setAttribute("role", "tab");
      button.id = "tabs-" + n + "-tab-" + i;
      button.setAttribute("aria-controls", "tabs-" + n + "-panel-" + i);
      button.textContent = title ? title.textContent : "Tab " + (i + 1);
      panel.id = "tabs-" + n + "-panel-" + i;
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", button.id);
      panel.tabIndex = 0;
      button.addEventListener("click", function () { select(i); });
      button.addEventListener("keydown", function (event) {
        var last = panels.length - 1;
        var next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[event.key];
        if (next === undefined) return;
        event.preventDefault();
        select(next);
        buttons[next].focus();
      });
      list.appendChild(button);
      return button;
    });
    function select(index) {
      buttons.forEach(function (button, i) {
        button.setAttribute("aria-selected", String(i === index));
        button.tabIndex = i === index ? 0 : -1;
        panels[i].hidden = i !== index;
      });
    }
    tabs.insertBefore(list, tabs.firstChild);
    tabs.classList.add("enhanced");
    select(0);
  });

  // Copying: the clipboard where the page may use it (a secure address), else a selection copied the old way.
  var liveRegion = el("p", "sr-only");
  liveRegion.setAttribute("role", "status");
  body.appendChild(liveRegion);
  function announce(message) {
    liveRegion.textContent = "";
    requestAnimationFrame(function () { liveRegion.textContent = message; });
  }
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var area = el("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.cssText = "position:fixed;top:0;left:0;opacity:0";
      body.appendChild(area);
      area.select();
      var done = false;
      try { done = doc.execCommand("copy"); } catch (_) {}
      body.removeChild(area);
      if (done) resolve(); else reject(new Error("copy"));
    });
  }
  // A copy button says "Copied" for a moment; the live region says it to screen readers.
  function copied(button, message) {
    var label = button.querySelector(".copy-label");
    if (label) {
      var before = label.getAttribute("data-label") || label.textContent;
      label.setAttribute("data-label", before);
      label.textContent = "Copied";
      clearTimeout(button.copiedTimer);
      button.copiedTimer = setTimeout(function () { label.textContent = before; }, 2000);
    }
    announce(message);
  }

  // Code blocks: a bar with the language and a copy button (the block's title, when it has one, shares it).
  var COPY_ICON = '<svg class="icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><rect width="14" height="14" x="8" y="8" rx="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/></svg>';
  var LANGUAGES = { js: "JavaScript", javascript: "JavaScript", jsx: "JSX", ts: "TypeScript", typescript: "TypeScript", tsx: "TSX", sh: "Shell", shell: "Shell", bash: "Bash", zsh: "Zsh", console: "Console", powershell: "PowerShell", json: "JSON", yaml: "YAML", yml: "YAML", toml: "TOML", ini: "INI", md: "Markdown", markdown: "Markdown", py: "Python", python: "Python", rb: "Ruby", ruby: "Ruby", go: "Go", rs: "Rust", rust: "Rust", java: "Java", kt: "Kotlin", kotlin: "Kotlin", swift: "Swift", c: "C", cpp: "C++", cs: "C#", csharp: "C#", php: "PHP", html: "HTML", xml: "XML", css: "CSS", scss: "SCSS", sql: "SQL", graphql: "GraphQL", diff: "Diff", dockerfile: "Dockerfile", http: "HTTP", text: "", txt: "", plaintext: "" };
  [].slice.call(doc.querySelectorAll(".quire-markdown pre > code")).forEach(function (code) {
    var pre = code.parentNode;
    var match = /(?:^|\s)language-(\S+)/.exec(code.className);
    var name = match ? match[1].toLowerCase() : "";
    // A language the table does not know is shown as written, if it looks like a language's name.
    var language = Object.prototype.hasOwnProperty.call(LANGUAGES, name) ? LANGUAGES[name] : /^[a-z0-9][a-z0-9+#._-]{0,19}$/.test(name) ? name : "";
    var previous = pre.previousElementSibling;
    var bar = previous && previous.tagName === "FIGCAPTION" ? previous : el("div");
    bar.classList.add("code-bar");
    var tools = el("span", "code-tools");
    if (language) tools.appendChild(el("span", "code-language", language));
    var button = el("button", "code-copy");
    button.type = "button";
    // Named by its text (no aria-label), so that its name keeps the words shown, "Copied" included.
    button.innerHTML = COPY_ICON + '<span class="copy-label">Copy</span>';
    button.appendChild(el("span", "sr-only", " the " + (language ? language + " " : "") + "code"));
    button.addEventListener("click", function () {
      copyText(code.textContent).then(function () { copied(button, "Code copied."); }, function () { announce("The code could not be copied: select it and copy it yourself."); });
    });
    tools.appendChild(button);
    bar.appendChild(tools);
    if (bar !== previous) pre.parentNode.insertBefore(bar, pre);
  });

  // Page actions: copying the page's Markdown needs this script, so its buttons appear only now.
  [].slice.call(doc.querySelectorAll("[data-copy-page]")).forEach(function (button) {
    var item = button.closest("[data-js-only]");
    if (item) item.hidden = false;
    button.hidden = false;
    button.addEventListener("click", function () {
      var menu = button.closest("details");
      if (menu) menu.open = false;
      fetch(button.getAttribute("data-copy-page"), { headers: { Accept: "text/markdown" } })
        .then(function (response) {
          if (!response.ok) throw new Error(String(response.status));
          return response.text();
        })
        .then(copyText)
        .then(function () { copied(button, "Page copied as Markdown."); }, function () { announce("The page could not be copied. View it as Markdown instead."); });
    });
  });
  var pageMenu = doc.querySelector(".page-menu");
  if (pageMenu) pageMenu.classList.add("enhanced");

  // Search dialog over ~/search.json: Ctrl/Cmd+K or "/", arrow keys and Enter, Escape; a modal <dialog> keeps focus inside.
  var headerInput = doc.querySelector("[data-search-input]");
  var dialog, input, listbox, status, results = [], active = -1, timer, seq = 0;
  function el(tag, cls, text) {
    var node = doc.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }
  function build() {
    dialog = el("dialog", "search-dialog");
    dialog.setAttribute("aria-label", "Search");
    var field = el("div", "search-field");
    var icon = headerInput.parentNode.querySelector(".icon");
    if (icon) field.appendChild(icon.cloneNode(true));
    input = el("input");
    input.type = "search";
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-label", "Search the site");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", "search-results");
    input.placeholder = "Search…";
    input.autocomplete = "off";
    field.appendChild(input);
    listbox = el("ul");
    listbox.id = "search-results";
    listbox.setAttribute("role", "listbox");
    listbox.setAttribute("aria-label", "Results");
    status = el("p", "search-status");
    status.setAttribute("role", "status");
    dialog.appendChild(field);
    dialog.appendChild(listbox);
    dialog.appendChild(status);
    body.appendChild(dialog);
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(search, 120);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (results.length === 0) return;
        move(event.key === "ArrowDown" ? (active + 1) % results.length : (active - 1 + results.length) % results.length);
      } else if (event.key === "Enter") {
        event.preventDefault();
        if (active >= 0) location.href = results[active].href;
        else if (input.value.trim()) location.href = base + "/~/search?q=" + encodeURIComponent(input.value.trim());
      }
    });
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();
    });
    dialog.addEventListener("close", function () { headerInput.value = input.value; });
  }
  function move(index) {
    active = index;
    [].slice.call(listbox.children).forEach(function (option, i) { option.setAttribute("aria-selected", String(i === index)); });
    if (index >= 0) {
      input.setAttribute("aria-activedescendant", "search-result-" + index);
      listbox.children[index].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }
  function render(query) {
    listbox.textContent = "";
    results.forEach(function (result, i) {
      var option = el("li");
      option.id = "search-result-" + i;
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      var crumbs = (result.breadcrumbs || []).join(" › ");
      if (crumbs) option.appendChild(el("span", "result-crumbs", crumbs));
      option.appendChild(el("span", "result-title", result.title));
      if (result.snippet) option.appendChild(el("span", "result-snippet", result.snippet));
      option.addEventListener("click", function () { location.href = result.href; });
      listbox.appendChild(option);
    });
    input.setAttribute("aria-expanded", String(results.length > 0));
    status.textContent = !query ? "" : results.length === 0 ? "No results for “" + query + "”." : results.length + (results.length === 1 ? " result" : " results");
    move(results.length > 0 ? 0 : -1);
  }
  function search() {
    var query = input.value.trim(), mine = ++seq;
    if (!query) {
      results = [];
      render("");
      return;
    }
    fetch(base + "/~/search.json?limit=10&q=" + encodeURIComponent(query), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : { results: [] }; })
      .then(function (data) {
        if (mine !== seq) return;
        results = data.results || [];
        render(query);
      })
      .catch(function () {
        if (mine === seq) status.textContent = "Search is unavailable right now.";
      });
  }
  function open() {
    if (!headerInput) return;
    if (!dialog) build();
    if (dialog.open) return;
    input.value = headerInput.value;
    dialog.showModal();
    input.focus();
    if (input.value) search();
  }
  if (headerInput) {
    // Typing in the header's field (or clicking it) continues in the dialog; Enter without JavaScript submits the form to ~/search.
    headerInput.addEventListener("click", open);
    headerInput.addEventListener("keydown", function (event) {
      if (event.key.length === 1 || event.key === "ArrowDown") open();
    });
    doc.addEventListener("keydown", function (event) {
      var typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) || event.target.isContentEditable;
      if ((event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        open();
      } else if (event.key === "/" && !typing) {
        event.preventDefault();
        open();
      }
    });
    var key = doc.querySelector(".search-key");
    if (key && /Mac|iPhone|iPad/.test(navigator.platform)) key.textContent = "⌘K";
  }

  // "On this page": the heading being read is marked as the reader scrolls.
  var outlineLinks = [].slice.call(doc.querySelectorAll(".outline a"));
  if (outlineLinks.length > 0 && "IntersectionObserver" in window) {
    var byId = {};
    outlineLinks.forEach(function (link) { byId[decodeURIComponent(link.hash.slice(1))] = link; });
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        var link = byId[entry.target.id];
        if (!entry.isIntersecting || !link) return;
        outlineLinks.forEach(function (other) {
          other.classList.toggle("active", other === link);
          if (other === link) other.setAttribute("aria-current", "location");
          else other.removeAttribute("aria-current");
        });
      });
    }, { rootMargin: "0px 0px -70% 0px" });
    Object.keys(byId).forEach(function (id) {
      var heading = doc.getElementById(id);
      if (heading) observer.observe(heading);
    });
  }

  // Page views: one beacon per page shown (insights).
  var page = body.getAttribute("data-page"), siteSpace = body.getAttribute("data-site-space");
  if (page && siteSpace && navigator.sendBeacon) {
    try {
      navigator.sendBeacon(base + "/~/insights", new Blob([JSON.stringify({ type: "page_view", siteSpaceId: siteSpace, pageId: page })], { type: "application/json" }));
    } catch (_) {}
  }
})();
