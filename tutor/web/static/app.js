// Riichi Tutor: small enhancements. Every page works without this file.
"use strict";

// Check-yourself questions: grade in place instead of reloading the page.
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!form.matches("form[data-check]")) return;
  event.preventDefault();
  const box = form.querySelector(".feedback");
  try {
    const response = await fetch(form.action.split("#")[0], {
      method: "POST", body: new FormData(form), headers: { Accept: "application/json" },
    });
    const grade = await response.json();
    // The server's own feedback, as the page draws it without this script (escaped there): one renderer.
    box.innerHTML = grade.html;
    // A lesson step is done once each of its checks has an answer: say so without a reload.
    const hint = document.querySelector("[data-step-hint]");
    const forms = [...document.querySelectorAll("form[data-check]")];
    if (hint && forms.every((f) => f.querySelector(".verdict.right, .verdict.wrong"))) hint.textContent = hint.dataset.doneText;
  } catch (error) {
    form.submit();  // fall back to the plain form
  }
});

// Calculator: build the hand, the melds and the dora indicators by clicking tiles.
const palette = document.getElementById("palette");
if (palette) {
  const hand = document.getElementById("hand");
  const win = document.getElementById("win");
  const preview = document.getElementById("hand-preview");
  // The page's language: sentences with a {tile} slot, written by the template.
  // Each tile's name in the page's language, from the palette's buttons (no tile code is read or shown).
  const tileNames = {};
  for (const button of palette.querySelectorAll("[data-tile]")) tileNames[button.dataset.tile] = button.dataset.name;
  const named = (code) => tileNames[code] || code;
  const said = (name, code) => palette.dataset[name].replace("{tile}", named(code));
  const suitOrder = "mpsz";
  const parse = (text) => {
    const tiles = [];
    let digits = [];
    for (const ch of text.replace(/\s+/g, "")) {
      if (/[0-9]/.test(ch)) digits.push(ch);
      else if (suitOrder.includes(ch)) { for (const d of digits) tiles.push(d + ch); digits = []; }
    }
    return tiles;
  };
  const sortKey = (t) => suitOrder.indexOf(t[1]) * 20 + (t[0] === "0" ? 5.5 : Number(t[0]));
  const sorted = (tiles) => [...tiles].sort((a, b) => sortKey(a) - sortKey(b));
  const format = (tiles) => {
    let out = "";
    for (const suit of suitOrder) {
      const digits = sorted(tiles.filter((t) => t[1] === suit)).map((t) => t[0]).join("");
      if (digits) out += digits + suit;
    }
    return out;
  };
  // Melds and indicators keep the order they were clicked in (a meld's first tile is the called tile).
  const written = (tiles) => tiles.map((t, i) => (tiles[i + 1] && tiles[i + 1][1] === t[1] ? t[0] : t)).join("");
  const same = (a, b) => a === b || (a[1] === b[1] && (a[0] === "0" ? "5" : a[0]) === (b[0] === "0" ? "5" : b[0]));
  const picture = (code, { sideways = false, win: isWin = false } = {}) => {
    const img = document.createElement("img");
    img.src = "/tiles/" + code + (sideways ? "-sideways" : "") + ".svg";
    img.alt = sideways ? said("called", code) : isWin ? said("winning", code) : named(code);
    img.dataset.code = code;  // not data-tile: the palette takes a click on [data-tile] as "add this tile"
    img.className = "tile" + (sideways ? " sideways" : "") + (isWin ? " win" : "");
    return img;
  };
  const tileButton = (img, title, onClick) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile-button";
    button.title = title;
    button.append(img);
    button.addEventListener("click", onClick);
    return button;
  };
  // The hand as at the table: the other tiles sorted, the winning tile apart at the right.
  const render = () => {
    const tiles = sorted(parse(hand.value));
    let winAt = tiles.lastIndexOf(win.value);
    if (winAt < 0) winAt = tiles.findLastIndex((t) => win.value && same(t, win.value));
    const order = [...tiles.keys()].filter((i) => i !== winAt).concat(winAt >= 0 ? [winAt] : []);
    const row = document.createElement("span");
    row.className = "tiles";
    const rest = document.createElement("span");
    rest.className = "tile-group";
    const apart = document.createElement("span");
    apart.className = "tile-group win-group";
    for (const index of order) {
      const code = tiles[index];
      const isWin = index === winAt;
      const title = isWin ? said("takeOut", code) : said("makeWinning", code);
      (isWin ? apart : rest).append(tileButton(picture(code, { win: isWin }), title, () => {
        if (isWin) {
          tiles.splice(index, 1);
          hand.value = format(tiles);
          win.value = tiles.length ? tiles[tiles.length - 1] : "";
        } else {
          win.value = code;
        }
        render();
      }));
    }
    row.append(rest, apart);
    preview.replaceChildren(row);
  };
  const pickers = {};
  document.querySelectorAll("[data-pick]").forEach((input) => {
    const name = input.dataset.pick;
    const box = document.querySelector(`[data-preview="${name}"]`);
    const kind = name.startsWith("meld") ? document.querySelector(`select[name="${name}_kind"]`) : null;
    const show = () => {
      const tiles = parse(input.value);
      const row = document.createElement("span");
      row.className = "tiles tiles-small";
      const group = document.createElement("span");
      group.className = "tile-group";
      tiles.forEach((code, index) => {
        const closed = kind && kind.value === "ankan";
        const img = closed && (index === 0 || index === 3) ? picture("back") : picture(code, { sideways: Boolean(kind) && !closed && index === 0 });
        group.append(tileButton(img, said("takeOut", code), () => {
          tiles.splice(index, 1);
          input.value = written(tiles);
          show();
        }));
      });
      row.append(group);
      box.replaceChildren(row);
    };
    const add = (code) => {
      let tiles = parse(input.value);
      if (kind) {
        if (!kind.value) kind.value = "pon";
        const size = { chi: 3, pon: 3, minkan: 4, ankan: 4, kakan: 4 }[kind.value];
        if (kind.value === "chi") tiles = tiles.length >= 3 ? [code] : [...tiles, code];
        else tiles = [code, ...Array(size - 1).fill(code[0] === "0" ? "5" + code[1] : code)];
      } else if (tiles.length < 5) {
        tiles.push(code);
      }
      input.value = written(tiles);
      show();
    };
    input.addEventListener("input", show);
    if (kind) kind.addEventListener("change", show);
    pickers[name] = add;
    show();
  });
  const target = () => (document.querySelector("input[name=target]:checked") || { value: "hand" }).value;
  document.querySelectorAll("input[name=target]").forEach((radio) => radio.addEventListener("change", () => {
    const chosen = target();
    const group = chosen === "hand" ? "hand" : chosen.startsWith("meld") ? "meld" : "indicator";
    document.querySelectorAll("[data-target-hint]").forEach((hint) => { hint.hidden = hint.dataset.targetHint !== group; });
  }));
  palette.hidden = false;
  palette.addEventListener("click", (event) => {
    const button = event.target.closest("[data-tile]");
    if (!button) return;
    const chosen = target();
    if (chosen !== "hand") {
      pickers[chosen](button.dataset.tile);
      return;
    }
    const tiles = parse(hand.value);
    if (tiles.length >= 18) return;
    tiles.push(button.dataset.tile);
    hand.value = format(tiles);
    win.value = button.dataset.tile;
    render();
  });
  hand.addEventListener("input", render);
  win.addEventListener("input", render);
  render();
}

// Practice pages: the keyboard is enough. Every choice has a number: typing it picks the choice (one
// digit, or two for 10 and up, typed together), Enter checks the answer, N asks for the next question.
// Typing in a text box is left alone.
if (document.querySelector("[data-practice]")) {
  const answerForm = document.querySelector("form[data-answer]:not([inert])");
  // The first answer control takes the focus, so a keyboard user starts there (not 23 Tabs away); never
  // on a touch screen, where focus opens the phone keyboard. A choice takes it when there are choices:
  // a focused text box would swallow the digits meant to pick them.
  const touch = window.matchMedia("(pointer: coarse), (hover: none)").matches;
  const firstControl = answerForm && (answerForm.querySelector("input[data-key]") ||
    answerForm.querySelector("fieldset input:not([type=hidden]), fieldset select, fieldset textarea"));
  if (firstControl && !touch) firstControl.focus({ preventScroll: true });
  // After an answer the page opens at #feedback: focus "Next" so N and Enter move on.
  const nextButton = !answerForm && document.querySelector("[data-next]");
  if (nextButton && !touch) {
    // Chromium clears the focus when it scrolls to a #fragment that cannot take it, after the load:
    // focus again once that is done.
    const focusNext = () => nextButton.focus({ preventScroll: true });
    focusNext();
    window.addEventListener("load", () => setTimeout(focusNext, 0), { once: true });
  }
  const isTextField = (element) =>
    element.matches && element.matches("input:not([type]), input[type=text], input[type=number], input[inputmode], textarea, select");
  const keyed = answerForm ? [...answerForm.querySelectorAll("input[data-key]")].map((input) => input.dataset.key) : [];
  const longest = Math.max(0, ...keyed.map(Number));
  let typed = "";
  let waiting = null;
  const pick = (number) => {
    const choice = answerForm.querySelector(`input[data-key="${number}"]`);
    if (choice) choice.click();
  };
  const flush = () => {
    clearTimeout(waiting);
    if (typed) pick(typed);
    typed = "";
  };
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target;
    if (isTextField(target)) return;  // typing in a box is left alone (Enter there submits, as forms do)
    const next = document.querySelector("[data-next]");
    if ((event.key === "n" || event.key === "N") && next) {
      event.preventDefault();
      next.click();
    } else if (/^[0-9]$/.test(event.key) && keyed.length) {
      event.preventDefault();
      // A digit that cannot continue the number typed so far ends it: "1" then "3" with 12 choices is 1, then 3.
      if (typed && Number(typed + event.key) > longest) flush();
      typed += event.key;
      clearTimeout(waiting);
      // Act at once when no longer number starts with what was typed; else wait a moment for a second digit.
      if (Number(typed) * 10 > longest) flush();
      else waiting = setTimeout(flush, 700);
    } else if (event.key === "Enter" && answerForm && !["BUTTON", "A", "SUMMARY"].includes(target.tagName)) {
      flush();
      // requestSubmit checks the form first: an empty number box stops it and takes the focus,
      // so Enter never sends half an answer the learner did not mean.
      event.preventDefault();
      answerForm.requestSubmit(answerForm.querySelector("[data-check-answer]"));
    }
  });
}

// Times the server writes in UTC (<time data-local>) are shown in the reader's own time zone.
document.querySelectorAll("time[data-local]").forEach((element) => {
  const moment = new Date(element.getAttribute("datetime"));
  if (!isNaN(moment)) {
    element.title = element.textContent;
    // In the page's language (its <html lang>), not the browser's: a Chinese page reads 2026年12月1日.
    element.textContent = moment.toLocaleString(document.documentElement.lang || [], { dateStyle: "medium", timeStyle: "short" });
  }
});

// Forms that set a time send the browser's offset from UTC, so "Friday 18:00" means the teacher's Friday;
// times already set are shown in local time too.
document.querySelectorAll("input[data-utc]").forEach((field) => {
  const moment = new Date(field.dataset.utc);
  if (isNaN(moment)) return;
  const local = new Date(moment.getTime() - moment.getTimezoneOffset() * 60000);
  field.value = local.toISOString().slice(0, 16);
});
document.querySelectorAll("[data-tz-offset]").forEach((field) => {
  field.value = String(new Date().getTimezoneOffset());
  const note = document.querySelector("[data-tz-note]");
  if (note) note.textContent = note.dataset.localNote.replace("{zone}", Intl.DateTimeFormat().resolvedOptions().timeZone);
});

// Buttons that remove or replace something ask first.
document.addEventListener("submit", (event) => {
  const question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
document.querySelectorAll("[data-print]").forEach((button) => button.addEventListener("click", () => window.print()));

// Presentation mode: the answer unfolds a step at a time from the keyboard (or a presenter's clicker,
// which sends arrow keys and Page Up/Down). The links still work without scripts.
const stage = document.querySelector("[data-present]");
if (stage) {
  const steps = [...stage.querySelectorAll("[data-step]")];
  let shown = Number(stage.dataset.shown) || 0;
  const show = (count) => {
    shown = Math.max(0, Math.min(steps.length, count));
    steps.forEach((step, index) => { step.hidden = index >= shown; });
    const back = stage.querySelector("[data-back]");
    const reveal = stage.querySelector("[data-reveal]");
    if (back) back.hidden = shown === 0;
    // The reveal button never disappears: at the last step it only says there is nothing more.
    if (reveal) reveal.setAttribute("aria-disabled", String(shown === steps.length));
    const url = new URL(window.location.href);
    url.searchParams.set("step", String(shown));
    url.hash = "";
    history.replaceState(null, "", url);
    // The newest step comes into view above the controls, which stay at the bottom of the screen.
    const newest = steps[shown - 1];
    if (newest) newest.scrollIntoView({ block: "nearest" });
  };
  const follow = (selector) => {
    const link = document.querySelector(selector);
    if (link) window.location.href = link.href;
  };
  document.querySelectorAll("[data-reveal], [data-back]").forEach((link) => link.addEventListener("click", (event) => {
    event.preventDefault();
    show(shown + (link.matches("[data-reveal]") ? 1 : -1));
  }));
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (["ArrowRight", " ", "PageDown", "Enter"].includes(key)) show(shown + 1);
    else if (["ArrowLeft", "Backspace", "PageUp"].includes(key)) show(shown - 1);
    else if (key === "n" || key === "N") follow("[data-next-hand]");
    else if (key === "p" || key === "P") follow("[data-prev-hand]");
    else if (key === "Escape") follow("[data-leave]");
    else if ((key === "f" || key === "F") && document.documentElement.requestFullscreen) document.documentElement.requestFullscreen();
    else return;
    event.preventDefault();
  });
}

// The site menu folds behind a button on a phone (style.css shows the button only on narrow screens).
const menuToggle = document.querySelector(".menu-toggle");
if (menuToggle) {
  const header = menuToggle.closest("header");
  menuToggle.hidden = false;
  header.classList.add("foldable");
  menuToggle.addEventListener("click", () => {
    const open = menuToggle.getAttribute("aria-expanded") !== "true";
    menuToggle.setAttribute("aria-expanded", String(open));
    header.classList.toggle("menu-open", open);
  });
}

// A table wider than the screen scrolls inside its box: say so above it, and let the keyboard scroll it
// (the box takes the focus and is named as a region).
const scrollNote = document.body.dataset.scrollNote || "Scroll sideways to see the whole table.";
const markScrolling = () => document.querySelectorAll(".table-scroll, .scroll").forEach((box) => {
  const wide = box.scrollWidth > box.clientWidth + 1;
  let note = box.previousElementSibling;
  if (!(note && note.classList.contains("scroll-note"))) note = null;
  if (wide && !note) {
    note = document.createElement("p");
    note.className = "scroll-note";
    note.textContent = scrollNote + " →";
    box.before(note);
  }
  if (note) note.hidden = !wide;
  if (wide) {
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    const caption = box.querySelector("caption");
    box.setAttribute("aria-label", (caption ? caption.textContent.trim() + ": " : "") + scrollNote);
  }
});
markScrolling();
window.addEventListener("resize", markScrolling);
