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
    box.replaceChildren();
    const verdict = document.createElement("p");
    if (grade.problem) {
      verdict.className = "verdict unreadable";
      verdict.textContent = grade.problem;
    } else {
      verdict.className = "verdict " + (grade.correct ? "right" : "wrong");
      verdict.textContent = (grade.correct ? "Right! " : "Not quite. ") + "Answer: " + grade.expected;
    }
    box.append(verdict);
    if (!grade.problem && grade.details.length) {
      const list = document.createElement("ul");
      list.className = "details";
      for (const line of grade.details) {
        const item = document.createElement("li");
        item.textContent = line;
        list.append(item);
      }
      box.append(list);
    }
  } catch (error) {
    form.submit();  // fall back to the plain form
  }
});

// Calculator: build the hand by clicking tiles.
const palette = document.getElementById("palette");
if (palette) {
  const hand = document.getElementById("hand");
  const win = document.getElementById("win");
  const preview = document.getElementById("hand-preview");
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
  const format = (tiles) => {
    let out = "";
    for (const suit of suitOrder) {
      const digits = tiles.filter((t) => t[1] === suit).sort((a, b) => sortKey(a) - sortKey(b)).map((t) => t[0]).join("");
      if (digits) out += digits + suit;
    }
    return out;
  };
  const render = () => {
    const tiles = parse(hand.value).sort((a, b) => sortKey(a) - sortKey(b));
    const winAt = tiles.lastIndexOf(win.value);  // one winning tile, even when the hand holds more of its kind
    preview.replaceChildren();
    tiles.forEach((code, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.title = "Remove " + code;
      const img = document.createElement("img");
      img.src = "/tiles/" + code + ".svg";
      img.alt = code;
      img.className = "tile" + (index === winAt ? " win" : "");
      button.append(img);
      button.addEventListener("click", () => {
        tiles.splice(index, 1);
        hand.value = format(tiles);
        render();
      });
      preview.append(button);
    });
  };
  palette.hidden = false;
  palette.addEventListener("click", (event) => {
    const button = event.target.closest("[data-tile]");
    if (!button) return;
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

// Practice pages: the keyboard is enough. Digits pick the numbered choices, Enter checks the
// answer, N asks for the next question. Typing in a text box is left alone.
if (document.querySelector("[data-practice]")) {
  const answerForm = document.querySelector("form[data-answer]:not([inert])");
  // Focus is given only where it cannot hurt: never on touch screens (it opens the phone keyboard),
  // and a text box only when the question has no numbered choices, or the digits meant to tick
  // choices 1 and 3 would type "13" into it.
  const touch = window.matchMedia("(pointer: coarse), (hover: none)").matches;
  const hasChoices = answerForm && answerForm.querySelector("input[data-key]");
  const firstBox = answerForm && !hasChoices && answerForm.querySelector("input:not([type]), input[type=text], input[inputmode]");
  if (firstBox && !touch) firstBox.focus();
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
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const target = event.target;
    if (isTextField(target)) return;  // typing in a box is left alone (Enter there submits, as forms do)
    const next = document.querySelector("[data-next]");
    if ((event.key === "n" || event.key === "N") && next) {
      event.preventDefault();
      next.click();
    } else if (/^[1-9]$/.test(event.key) && answerForm) {
      const choice = answerForm.querySelector(`input[data-key="${event.key}"]`);
      if (choice) {
        event.preventDefault();
        choice.click();
      }
    } else if (event.key === "Enter" && answerForm && !["BUTTON", "A", "SUMMARY"].includes(target.tagName)) {
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
    element.textContent = moment.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
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
  if (note) note.textContent = "Times are in your time zone (" + Intl.DateTimeFormat().resolvedOptions().timeZone + ").";
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
