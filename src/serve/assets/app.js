// SPDX-License-Identifier: MIT
// mazegen serve: the page's script. The form works without it (it posts,
// and the page or the PDF comes back); with it, the preview follows every
// change, the address bar holds a link to exactly what is shown, and the
// grid kind's sizes label the fields. Everything it shows of the server's
// messages is set as text, never as markup.
"use strict";

(function () {
  const form = document.getElementById("design");
  if (!form) return;
  const message = document.getElementById("message");
  const preview = document.getElementById("preview");
  let kinds = {};
  let timer = 0;
  let serial = 0;

  const SIZES = { width: "width", height: "height", levels: "levels", centre: "centre" };

  function field(name) {
    return form.querySelector('[name="' + name + '"]:not([type=file])');
  }

  // The form as a query: filled fields only, uploads left out.
  function query() {
    const params = new URLSearchParams();
    for (const el of form.elements) {
      if (!el.name || el.disabled || el.type === "file" || el.type === "submit") continue;
      if ((el.type === "checkbox" || el.type === "radio") && !el.checked) continue;
      const v = el.value;
      if (v === "") continue;
      params.append(el.name, v);
    }
    return params.toString();
  }

  function setMessage(text, working) {
    message.textContent = text;
    message.className = text ? (working ? "working" : "error") : "";
  }

  function markInvalid(option) {
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    if (!option) return;
    const el = field(option);
    if (el) el.setAttribute("aria-invalid", "true");
  }

  // The parts of the preview the script keeps up to date.
  function ensure(id, make) {
    let el = document.getElementById(id);
    if (!el) {
      el = make();
      preview.appendChild(el);
    }
    return el;
  }

  function downloads(q, seed) {
    const list = ensure("downloads", () => {
      const ul = document.createElement("ul");
      ul.id = "downloads";
      ul.setAttribute("aria-label", "Downloads");
      for (const [path, label, name] of [
        ["/book.pdf", "Puzzle sheets (PDF)", "mazes"],
        ["/key.pdf", "Answer key (PDF)", "answers"],
        ["/maze.png", "Maze picture (PNG)", "maze"],
        ["/maze.svg", "Maze drawing (SVG)", "maze"],
        ["/maze.json", "Wall-graph file (JSON)", "maze"],
      ]) {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.className = "download";
        a.dataset.path = path;
        a.dataset.name = name;
        a.textContent = label;
        li.appendChild(a);
        ul.appendChild(li);
      }
      return ul;
    });
    for (const a of list.querySelectorAll("a.download")) {
      const path = a.dataset.path || a.getAttribute("href").split("?")[0];
      const name = a.dataset.name || a.getAttribute("download").split("-")[0];
      const ext = path.split(".").pop();
      a.href = path + "?" + q;
      a.setAttribute("download", name + "-" + seed + "." + ext);
    }
  }

  function pages(q, count) {
    const box = ensure("pages", () => {
      const d = document.createElement("div");
      d.id = "pages";
      return d;
    });
    box.textContent = "";
    for (let p = 1; p <= count; p++) {
      const fig = document.createElement("figure");
      fig.className = "page";
      const img = document.createElement("img");
      img.src = "/page.svg?" + q + "&page=" + p;
      img.alt = "Page " + p + " of " + count + " of the sheets";
      if (p > 2) img.loading = "lazy";
      const cap = document.createElement("figcaption");
      cap.textContent = "Page " + p + " of " + count;
      fig.appendChild(img);
      fig.appendChild(cap);
      box.appendChild(fig);
    }
  }

  function mazeImage(q, seed) {
    let img = document.getElementById("maze");
    if (!img) {
      const fig = document.createElement("figure");
      fig.className = "maze";
      img = document.createElement("img");
      img.id = "maze";
      const cap = document.createElement("figcaption");
      cap.textContent = "The maze";
      fig.appendChild(img);
      fig.appendChild(cap);
      preview.insertBefore(fig, document.getElementById("pages"));
    }
    img.src = "/maze.svg?" + q;
    img.alt = "The maze of seed " + seed;
  }

  async function update() {
    const mine = ++serial;
    const q = query();
    history.replaceState(null, "", "/?" + q);
    const share = document.getElementById("share");
    if (share) share.href = "/?" + q;
    setMessage("Making the maze…", true);
    let answer;
    try {
      const r = await fetch("/api/check?" + q, { headers: { Accept: "application/json" } });
      answer = await r.json();
      if (r.status === 503 && !answer.error) answer.error = "The server is busy; trying again.";
    } catch (e) {
      answer = { error: "The server did not answer: " + e.message };
    }
    if (mine !== serial) return; // a newer change is on its way
    if (answer.error) {
      setMessage(answer.error);
      markInvalid(answer.option);
      return;
    }
    setMessage("");
    markInvalid(null);
    const seed = field("seed").value;
    downloads(q, seed);
    mazeImage(q, seed);
    pages(q, answer.pages);
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(update, 300);
  }

  // The grid kind's sizes: their names, ranges and whether it takes them.
  function applyKind(clamp) {
    const kind = kinds[field("grid").value];
    if (!kind) return;
    const masked = field("mask").value.trim() !== "";
    for (const name of Object.keys(SIZES)) {
      const el = field(name);
      if (!el) continue;
      const box = el.closest(".field");
      const size = kind.sizes[name];
      const off = !size;
      box.hidden = !size;
      el.disabled = off;
      if (!size) continue;
      el.min = size.min;
      el.max = size.max;
      const label = box.querySelector("label");
      if (label) label.textContent = size.meaning.charAt(0).toUpperCase() + size.meaning.slice(1);
      const fallback = { width: "20", height: "20", levels: "2", centre: "1" }[name];
      el.placeholder = size.default ? String(size.default) : fallback;
      const hint = document.getElementById("h-" + name);
      if (hint) {
        hint.textContent = masked && (name === "width" || name === "height")
          ? "scales the mask picture to this many cells; empty: one cell a pixel"
          : name + ", " + size.min + " to " + size.max + " (default " + el.placeholder + ")";
      }
      if (clamp && el.value !== "") {
        const v = Number(el.value);
        if (v < size.min || v > size.max) el.value = size.default ? String(size.default) : "";
      }
    }
    const bias = document.getElementById("h-bias");
    if (bias && kind.classes.length) {
      bias.textContent = "weights of the directions " + kind.classes.join(", ") +
        ", e.g. " + kind.classes[0] + "=4 for long runs that way";
    }
  }

  function newSeed() {
    const a = new BigUint64Array(1);
    crypto.getRandomValues(a);
    return a[0].toString();
  }

  async function upload(input) {
    const file = input.files && input.files[0];
    if (!file) return;
    const data = new FormData();
    data.append("mask", file, file.name);
    setMessage("Reading the picture…", true);
    try {
      const r = await fetch("/api/mask", { method: "POST", body: data });
      const text = await r.text();
      if (!r.ok) {
        let why = text;
        try { why = JSON.parse(text).error; } catch (e) { /* as text */ }
        setMessage(why);
        markInvalid("mask");
        return;
      }
      field("mask").value = text;
      input.value = "";
      applyKind(false);
      update();
    } catch (e) {
      setMessage("The server did not answer: " + e.message);
    }
  }

  // Typing fires input; choosing from a list may fire only change.
  function changed(e) {
    if (e.target.type === "file") {
      if (e.type === "change") upload(e.target);
      return;
    }
    if (e.target.name === "grid" || e.target.name === "mask") applyKind(e.target.name === "grid");
    later();
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  document.getElementById("new").addEventListener("click", (e) => {
    e.preventDefault();
    field("seed").value = newSeed();
    update();
  });
  document.getElementById("show").addEventListener("click", (e) => {
    e.preventDefault();
    update();
  });
  const print = document.getElementById("print") || ensure("print", () => {
    const b = document.createElement("button");
    b.id = "print";
    b.type = "button";
    b.textContent = "Print the sheets";
    return b;
  });
  print.hidden = false;
  print.addEventListener("click", () => window.print());

  fetch("/api/options")
    .then((r) => r.json())
    .then((o) => {
      for (const k of o.kinds) kinds[k.name] = k;
      applyKind(false);
    })
    .catch(() => { /* the form still works as served */ });
})();
