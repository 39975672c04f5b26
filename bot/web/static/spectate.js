// The spectator page, live: polls the game's state for moves, and steps through its boards in
// place (slider, buttons, log links) without reloading. The page reads fully without it.
// Every word it writes comes from the page, in the reader's language (the JSON in #words,
// templates with {shown}, {latest} and {step} to fill): it holds none of its own.
"use strict";
(function () {
  const body = document.body;
  const base = body.dataset.base;
  const lang = body.dataset.lang;
  const chosen = body.dataset.chosen === "1";
  const words = JSON.parse(document.getElementById("words").textContent);
  let latest = Number(body.dataset.step);
  let shown = Number(body.dataset.shown);
  let following = shown === latest;
  let lastId = Number(body.dataset.lastId);
  let version = body.dataset.version;
  let status = body.dataset.status;
  const board = document.getElementById("board");
  const slider = document.getElementById("slider");
  const caption = document.getElementById("caption");
  const log = document.getElementById("log");
  const POLL_MS = 5000;
  let pending = null;

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  // The page's own address for a step (none: the latest), keeping a language chosen by link.
  function query(step) {
    const asked = new URLSearchParams();
    if (step !== null) asked.set("step", String(step));
    if (chosen) asked.set("lang", lang);
    return "?" + asked.toString();
  }

  function show(step) {
    shown = Math.max(0, Math.min(latest, step));
    following = shown === latest;
    slider.max = String(latest);
    slider.value = String(shown);
    board.srcset = fill(body.dataset.srcset, { step: shown });
    board.src = fill(body.dataset.board, { step: shown });
    board.alt = fill(words.alt, { step: shown });
    const live = following && status === "running";
    caption.textContent = fill(live ? words.caption_live : words.caption, { shown: shown, latest: latest });
    document.getElementById("back").href = query(Math.max(0, shown - 1));
    document.getElementById("next").href = query(Math.min(latest, shown + 1));
    for (const item of log.children) {
      if (Number(item.dataset.step) === shown) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
    history.replaceState(null, "", following ? base + (chosen ? query(null) : "") : query(shown));
    for (const other of document.querySelectorAll(".languages>a")) {
      const asked = new URLSearchParams(following ? {} : { step: String(shown) });
      asked.set("lang", other.hreflang);
      other.href = "?" + asked.toString();
    }
  }

  function go(event, step) { event.preventDefault(); show(step); }
  document.getElementById("first").addEventListener("click", (e) => go(e, 0));
  document.getElementById("back").addEventListener("click", (e) => go(e, shown - 1));
  document.getElementById("next").addEventListener("click", (e) => go(e, shown + 1));
  document.getElementById("live").addEventListener("click", (e) => go(e, latest));
  slider.addEventListener("input", () => {
    clearTimeout(pending);  // a drag asks for the board it stops on, not every step passed
    pending = setTimeout(() => show(Number(slider.value)), 150);
  });
  log.addEventListener("click", (e) => {
    const link = e.target.closest("a.step");
    if (link) go(e, Number(link.parentElement.dataset.step));
  });
  document.addEventListener("keydown", (e) => {
    if (e.target === slider) return;
    if (e.key === "ArrowLeft") show(shown - 1);
    if (e.key === "ArrowRight") show(shown + 1);
  });

  function line(row) {
    const item = document.createElement("li");
    item.dataset.id = row.id;
    item.dataset.step = row.seq;
    const link = document.createElement("a");
    link.className = "step";
    link.href = query(row.seq);
    link.textContent = "#" + row.seq;
    const said = document.createElement("span");
    said.className = "said";
    said.innerHTML = row.html;  // escaped by the server (bot/web/page.py `text`)
    item.append(link, " ", said);
    return item;
  }

  async function poll() {
    try {
      const asked = new URLSearchParams({ after: String(lastId), lang: lang });
      const answer = await fetch(base + "/state.json?" + asked.toString(), {
        cache: "no-store", headers: { "If-None-Match": '"' + version + "-" + lang + '"' },
      });
      if (answer.status === 200) {
        const seen = await answer.json();
        version = String(seen.version);
        status = seen.status;
        const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
        for (const row of seen.log) {
          if (row.id > lastId) { log.append(line(row)); lastId = row.id; }
        }
        if (atEnd) log.scrollTop = log.scrollHeight;
        document.getElementById("waiting").innerHTML = seen.waiting_html;
        document.getElementById("result").innerHTML = seen.result_html;
        document.getElementById("latest").textContent = fill(words.latest, { step: seen.step });
        const badge = document.getElementById("status");
        badge.textContent = seen.status_word;
        badge.className = "status";
        badge.classList.add(seen.status);
        const moved = seen.step !== latest;
        latest = seen.step;
        document.title = fill(words.title, { step: latest });
        if (moved) show(following ? latest : shown);
      }
    } catch (err) {
      // the bot restarting or the network gone: the next poll tries again
    }
    if (status === "running") setTimeout(poll, POLL_MS);
  }

  log.scrollTop = log.scrollHeight;
  show(shown);
  if (status === "running") setTimeout(poll, POLL_MS);
})();
