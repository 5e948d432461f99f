// The lesson's questions: choice (one or several right options), fill (one or several blanks), match
// (drag cards or pick from menus; menus only on a touch screen), predict, order (put lines in order).
// Each is answerable and checked on demand; a wrong answer says what is wrong (the chosen option's
// own feedback, the wrong rows, a diff of the predicted output, the lines out of place) and can be
// changed and checked again, or the answer shown; the explanation comes with a right answer or the
// shown answer. Answers are kept in progress, so a
// reload shows them as they were. Each carries data-testid="question".
import { html, nothing } from "lit-html";
import { live } from "lit-html/directives/live.js";
import { strings } from "../strings.js";
import { answerComplete, blanksOf, blanksRight, choiceCounts, diffOutputs, distractorsKept, isMultipleChoice, linesInPlace, normalizeOutput, orderItems } from "../grading.js";
import { diffView } from "./diff.js";
import * as actions from "../actions.js";
import { textLanguage } from "../i18n/course.js";
import * as selectors from "../selectors.js";
import { markdownBlock, markdownInline, plainText } from "../markdown.js";

export function questionList(lesson) {
  return html`
    <section class="questions" aria-labelledby="questions-heading">
      <h2 id="questions-heading">${strings.questions}</h2>
      ${lesson.questions.map((question, n) => questionCard(lesson, question, n))}
    </section>
  `;
}

function questionCard(lesson, question, n) {
  const answer = selectors.answerOf(lesson, n);
  const correct = answer.checked && selectors.verdictOf(lesson.id, n) === true;
  const ask = {
    lesson,
    n,
    question,
    answer,
    correct,
    // The right answer may be marked once it is no secret: after a right answer or "show the answer".
    revealed: correct || answer.shown === true,
    name: `q-${lesson.id}-${n}`,
    set: (value) => actions.setAnswer(lesson.id, n, value),
  };
  const submit = (event) => {
    event.preventDefault();
    if (!answer.checked) actions.checkAnswer(lesson, n);
  };
  return html`
    <form class="question" data-testid="question" data-type=${question.type} data-state=${answer.checked ? (correct ? "correct" : "incorrect") : "open"}
      aria-label=${strings.questionLabel(n + 1)} @submit=${submit}>
      <h3>${strings.questionLabel(n + 1)}</h3>
      <div class="prose" lang=${textLanguage(question, "prompt")}>${markdownBlock(question.prompt)}</div>
      ${questionBody[question.type](ask)}
      <div aria-live="polite" data-testid="feedback-region">${answer.checked ? feedback(ask) : nothing}</div>
      <div class="toolbar">${questionButtons(lesson, n, question, answer, correct)}</div>
    </form>
  `;
}

// Check while answering; after a wrong answer, try again (the answer stays, to be changed) or show
// the answer; nothing more after a right answer or once the answer is shown.
function questionButtons(lesson, n, question, answer, correct) {
  if (!answer.checked) {
    return html`<button type="submit" class="primary" data-testid="check" ?disabled=${!answerComplete[question.type](question, answer.value)}>${strings.check}</button>`;
  }
  if (correct || answer.shown) return nothing;
  return html`
    <button type="button" data-testid="retry" @click=${() => actions.retryAnswer(lesson.id, n)}>${strings.retry}</button>
    <button type="button" data-testid="show-answer" @click=${() => actions.showAnswer(lesson.id, n)}>${strings.showAnswer}</button>
  `;
}

function feedback({ question, answer, correct, revealed }) {
  const detail = feedbackDetail(question, answer.value, correct);
  return html`
    <div class="feedback ${correct ? "pass" : "fail"}" data-testid="feedback" data-state=${correct ? "correct" : "incorrect"}>
      <p><strong><span aria-hidden="true">${correct ? "✓" : "✗"}</span> ${correct ? strings.correct : strings.incorrect}</strong></p>
      ${detail ? html`<p data-testid="feedback-detail">${detail}</p>` : nothing}
      ${question.type === "choice" ? optionFeedback(question, answer.value) : nothing}
      ${question.type === "order" ? distractorFeedback(question, answer.value, revealed) : nothing}
      ${question.type === "predict" && !correct ? predictDiff(question, answer.value, revealed) : nothing}
      ${answer.shown && !correct && rightAnswer[question.type] ? html`<div data-testid="answer"><strong>${strings.answerShown}</strong> ${rightAnswer[question.type](question)}</div>` : nothing}
      ${revealed && question.type === "predict"
        ? html`<p class="real-output-label">${strings.realOutput}</p><pre class="real-output" data-testid="real-output">${question.answer}</pre>`
        : nothing}
      ${!revealed && question.type === "predict" ? html`<p class="help" data-testid="real-output-rule">${strings.realOutputRule}</p>` : nothing}
      ${revealed ? html`<div class="prose" data-testid="explanation"><strong>${strings.explanation}</strong> <div lang=${textLanguage(question, "explanation")}>${markdownBlock(question.explanation)}</div></div>` : nothing}
    </div>
  `;
}

// How far a many-part answer got, without saying which parts are right (the learner may retry).
function feedbackDetail(question, value, correct) {
  if (question.type === "choice" && isMultipleChoice(question)) {
    const { found, total, wrong } = choiceCounts(question, value);
    return strings.choiceCount(found, total, wrong);
  }
  if (correct) return "";
  if (question.type === "fill" && question.blanks) {
    return strings.blanksCount(blanksRight(question, value).filter(Boolean).length, question.blanks.length);
  }
  if (question.type === "match") {
    const wrong = question.pairs.filter((pair, i) => value?.[i] !== pair.right).map((pair) => plainText(pair.left));
    return strings.matchRowsWrong(wrong);
  }
  if (question.type === "predict") return strings.predictDiffers;
  if (question.type === "order") {
    const order = value ?? [];
    const right = linesInPlace(question, order).filter(Boolean).length;
    const missing = question.lines.filter((_, line) => !order.includes(line)).length;
    return [strings.orderLinesInPlace(right, question.lines.length), missing ? strings.orderLinesMissing(missing) : ""].join(" ").trim();
  }
  return "";
}

// The feedback the lesson gives for each option chosen (why it is right, or why it is tempting but wrong).
function optionFeedback(question, value) {
  const chosen = (Array.isArray(value) ? value : [value]).filter((i) => question.feedback?.[i]);
  if (!chosen.length) return nothing;
  return html`<ul class="option-feedback">${chosen.map(
    (i) => html`<li data-testid="option-feedback" data-option=${i}><span class="option-named" lang=${textLanguage(question, "options", i)}>${markdownInline(question.options[i])}</span>:
      <span lang=${textLanguage(question, "feedback", i)}>${markdownInline(question.feedback[i])}</span></li>`,
  )}</ul>`;
}

// Why a line does not belong: for each one the learner left in their program, and for all of them
// once the answer is no secret (they teach as much as the right lines do).
export function distractorFeedback(question, value, revealed) {
  const kept = distractorsKept(question, value ?? []);
  const shown = revealed ? (question.distractors ?? []).map((_, i) => i) : kept;
  if (!shown.length) return nothing;
  return html`<p>${revealed ? strings.orderWhyLeftOut : strings.orderDistractorsKept(kept.length)}</p>
    <ul class="option-feedback">${shown.map(
      (i) => html`<li data-testid="distractor-feedback" data-distractor=${i}><code class="option-named">${question.distractors[i].line.trim()}</code>:
        <span lang=${textLanguage(question.distractors[i], "feedback")}>${markdownInline(question.distractors[i].feedback)}</span></li>`,
    )}</ul>`;
}

// A wrong prediction against the real output, compared as output (app/grading.js): until the answer
// is no secret only the learner's own lines are shown, the characters that differ marked.
function predictDiff(question, value, revealed) {
  const typed = value ?? "";
  const rows = diffOutputs(question.answer, typed.endsWith("\n") ? typed : `${typed}\n`); // a text box has no final newline to miss
  if (revealed) return diffView(rows);
  const missing = normalizeOutput(question.answer).length - normalizeOutput(value ?? "").length;
  return html`${diffView(rows.filter((row) => row.op !== "expected"), { yoursOnly: true })}
    ${missing > 0 ? html`<p class="help" data-testid="predict-missing">${strings.predictMissingLines(missing)}</p>` : nothing}`;
}

// The right answer of each kind of question, as "show the answer" presents it.
export const rightAnswer = {
  choice: (question) => {
    const right = isMultipleChoice(question) ? question.answers : [question.answer];
    return html`<ul class="right-answer">${right.map((i) => html`<li lang=${textLanguage(question, "options", i)}>${markdownInline(question.options[i])}</li>`)}</ul>`;
  },
  fill: (question) => {
    const parts = question.template.split("____");
    const blanks = blanksOf(question);
    return html`<pre class="right-answer"><code>${parts.map((text, i) => html`${text}${i < blanks.length ? html`<mark>${blanks[i][0]}</mark>` : nothing}`)}</code></pre>`;
  },
  match: (question) =>
    html`<ul class="right-answer">${question.pairs.map((pair) => html`<li><span lang=${textLanguage(pair, "left")}>${markdownInline(pair.left)}</span> → <span lang=${textLanguage(pair, "right")}>${markdownInline(pair.right)}</span></li>`)}</ul>`,
  order: (question) => html`<pre class="right-answer"><code>${question.lines.join("\n")}</code></pre>`,
  // predict: none, its real output (shown with any revealed predict answer) is the answer
};

const questionBody = {
  choice: ({ question, answer, revealed, name, set }) => {
    const multiple = isMultipleChoice(question);
    const chosen = answer.value ?? (multiple ? [] : undefined);
    const isRight = (i) => (multiple ? question.answers.includes(i) : i === question.answer);
    const toggle = (i, on) => set(on ? [...chosen, i].sort((a, b) => a - b) : chosen.filter((j) => j !== i));
    // A single choice's wrong pick is marked at once; a multiple choice only says how far it got
    // until the answer is no secret, then its wrong picks are marked too.
    const picked = (i) => (multiple ? chosen.includes(i) : chosen === i);
    const mark = (i) => {
      if (revealed && isRight(i)) return "right";
      if (answer.checked && (!multiple || revealed) && picked(i) && !isRight(i)) return "wrong";
      return "";
    };
    return html`
      <fieldset class="choices" ?disabled=${answer.checked}>
        <legend class=${multiple ? "help" : "visually-hidden"}>${multiple ? strings.chooseAll : strings.choicesLabel}</legend>
        ${question.options.map(
          (option, i) => html`
            <label class="choice ${mark(i)}" data-testid="choice" data-mark=${mark(i) || "none"}>
              ${multiple
                ? html`<input type="checkbox" name=${name} .checked=${live(chosen.includes(i))} @change=${(event) => toggle(i, event.target.checked)} />`
                : html`<input type="radio" name=${name} .checked=${live(chosen === i)} @change=${() => set(i)} />`}
              <span lang=${textLanguage(question, "options", i)}>${markdownInline(option)}</span>
              ${mark(i) === "wrong" ? html`<span class="choice-mark" aria-hidden="true">✗</span><span class="visually-hidden">${strings.yourChoiceWrong}</span>` : nothing}
              ${mark(i) === "right" ? html`<span class="choice-mark" aria-hidden="true">✓</span><span class="visually-hidden">${strings.rightOption}</span>` : nothing}
            </label>
          `,
        )}
      </fieldset>
    `;
  },

  fill: ({ question, answer, name, set }) => {
    const blanks = blanksOf(question);
    const typed = answer.value ?? [];
    const right = answer.checked ? blanksRight(question, typed) : [];
    const type = (i, text) => set(blanks.map((_, k) => (k === i ? text : typed[k] ?? "")));
    const parts = question.template.split("____");
    const blank = (i) => html`<input class="blank" type="text" name="${name}-${i}" data-testid="blank" data-state=${answer.checked ? (right[i] ? "right" : "wrong") : "open"}
      aria-label=${blanks.length > 1 ? strings.blankLabel(i + 1, blanks.length) : strings.fillLabel} aria-invalid=${answer.checked && !right[i] ? "true" : "false"}
      autocomplete="off" autocapitalize="off" spellcheck="false" size=${Math.max(6, ...blanks[i].map((text) => text.length + 2))}
      ?readonly=${answer.checked} .value=${live(typed[i] ?? "")} @input=${(event) => type(i, event.target.value)} />`;
    return html`<pre class="fill-template"><code>${parts.map((text, i) => html`${text}${i < blanks.length ? blank(i) : nothing}`)}</code></pre>`;
  },

  match: ({ lesson, n, question, answer, revealed, name, set }) => {
    const cards = shuffled(question.pairs.map((pair) => pair.right), `${lesson.id}:${n}`);
    const cardLanguage = (right) => textLanguage(question.pairs.find((pair) => pair.right === right), "right");
    const lefts = question.pairs.map((pair) => plainText(pair.left));
    const chosen = answer.value ?? {};
    const rowOf = (right) => question.pairs.findIndex((_, i) => chosen[i] === right);
    const move = (right) => ({
      label: plainText(right),
      lefts,
      // A lifted card starts over its own row, else over the first row still without a card.
      firstRow: () => [rowOf(right), question.pairs.findIndex((_, i) => !chosen[i]), 0].find((row) => row >= 0),
      drop: (row) => set(placeCard(chosen, row, right)),
    });
    return html`
      <div class="match-question">
        <p class="help match-help-drag" id="${name}-help">${strings.matchHelp}</p>
        <p class="help match-help-touch">${strings.matchHelpTouch}</p>
        <ul class="match-cards" aria-label=${strings.matchCards}>
          ${cards.map(
            (right) => html`
              <li>
                <button type="button" class="match-card" data-testid="match-card" data-placed=${rowOf(right) >= 0 ? "true" : "false"}
                  aria-roledescription=${strings.matchCardRole} aria-describedby="${name}-help" aria-pressed="false" ?disabled=${answer.checked}
                  @pointerdown=${(event) => startPointerDrag(event, move(right))} @pointermove=${movePointerDrag} @pointerup=${endPointerDrag}
                  @pointercancel=${cancelDrag} @keydown=${(event) => keyboardDrag(event, move(right))} @blur=${leaveCard}>
                  <span lang=${cardLanguage(right)}>${markdownInline(right)}</span>${rowOf(right) >= 0 ? html`<span class="visually-hidden">, ${strings.matchCardPlaced(lefts[rowOf(right)])}</span>` : nothing}
                </button>
              </li>
            `,
          )}
        </ul>
        <table class="match">
          <tbody>
            ${question.pairs.map(
              (pair, i) => html`
                <tr data-testid="match-row" data-state=${revealed || answer.checked ? (chosen[i] === pair.right ? "right" : "wrong") : "open"}>
                  <th scope="row" lang=${textLanguage(pair, "left")}>${markdownInline(pair.left)}</th>
                  <td>
                    <select data-testid="match-select" aria-label=${strings.matchLabel(lefts[i])} ?disabled=${answer.checked}
                      .value=${live(chosen[i] ?? "")} @change=${(event) => set(placeCard(chosen, i, event.target.value))}>
                      <option value="" ?selected=${!chosen[i]}>${strings.matchChoose}</option>
                      ${cards.map((right) => html`<option value=${right} lang=${cardLanguage(right)} ?selected=${chosen[i] === right}>${plainText(right)}</option>`)}
                    </select>
                  </td>
                </tr>
              `,
            )}
          </tbody>
        </table>
        <p class="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="match-announce"></p>
      </div>
    `;
  },

  order: orderBody,

  predict: ({ question, answer, name, set }) => html`
    <pre class="predict-code"><code>${question.code}</code></pre>
    <label class="predict-answer">
      <span>${strings.predictLabel}</span>
      <textarea name=${name} data-testid="predict-answer" rows="3" spellcheck="false" ?readonly=${answer.checked}
        .value=${live(answer.value ?? "")} @input=${(event) => set(event.target.value)}></textarea>
    </label>
  `,
};

// An order question: its lines (and any distractors) shuffled, each moved with its buttons or
// Alt+↑/Alt+↓ while focused; with distractors, a line can be left out (✕) and put back (↩).
function orderBody({ lesson, n, question, answer, set }) {
  const items = orderItems(question);
  const order = answer.value ?? shuffledOrder(question, `${lesson.id}:${n}`);
  const leftOut = items.map((_, item) => item).filter((item) => !order.includes(item));
  const withDistractors = question.distractors?.length > 0;
  const inPlace = answer.checked ? linesInPlace(question, order) : [];
  const focusLine = (at) =>
    // The page renders in a microtask after set(): focus the line once it stands at its new place.
    queueMicrotask(() => document.querySelector(`[data-order="${lesson.id}:${n}"] [data-testid="order-line"][data-position="${at}"]`)?.focus());
  const move = (at, by, focus) => {
    const to = at + by;
    if (to < 0 || to >= order.length) return;
    const moved = [...order];
    [moved[at], moved[to]] = [moved[to], moved[at]];
    set(moved);
    if (focus) focusLine(to);
  };
  const leaveOut = (at, focus) => {
    set(order.filter((_, other) => other !== at));
    if (focus && order.length > 1) focusLine(Math.min(at, order.length - 2));
  };
  const keydown = (event, at) => {
    if (answer.checked) return;
    if (withDistractors && (event.key === "Delete" || event.key === "Backspace")) { // a Mac's ⌫ is Backspace
      event.preventDefault();
      leaveOut(at, true);
      return;
    }
    const by = { ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (!by || !event.altKey) return;
    event.preventDefault();
    move(at, by, true);
  };
  const text = (item) => items[item].trim();
  return html`
    <p class="help">${withDistractors ? strings.orderHelpDistractors : strings.orderHelp}</p>
    <ol class="order-lines" data-testid="order-lines" data-order="${lesson.id}:${n}">
      ${order.map(
        (item, at) => html`<li class="order-line" data-testid="order-line" data-position=${at} tabindex="0"
            data-state=${answer.checked ? (inPlace[at] ? "right" : "wrong") : "open"}
            aria-label=${strings.orderLineLabel(at + 1, order.length, text(item))} @keydown=${(event) => keydown(event, at)}>
          <code>${items[item]}</code>
          <span class="order-buttons">
            <button type="button" data-testid="order-up" ?disabled=${answer.checked || at === 0} tabindex="-1"
              aria-label=${strings.orderMoveUp(text(item))} @click=${() => move(at, -1, false)}>↑</button>
            <button type="button" data-testid="order-down" ?disabled=${answer.checked || at === order.length - 1} tabindex="-1"
              aria-label=${strings.orderMoveDown(text(item))} @click=${() => move(at, 1, false)}>↓</button>
            ${withDistractors
              ? html`<button type="button" data-testid="order-leave-out" ?disabled=${answer.checked} tabindex="-1"
                  aria-label=${strings.orderLeaveOut(text(item))} @click=${() => leaveOut(at, false)}>✕</button>`
              : nothing}
          </span>
        </li>`,
      )}
    </ol>
    ${withDistractors
      ? html`<div class="order-left-out">
          <p class="order-left-out-heading">${strings.orderLeftOut}</p>
          ${leftOut.length
            ? html`<ul data-testid="order-left-out">${leftOut.map(
                (item) => html`<li class="order-line" data-testid="order-left-out-line">
                  <code>${items[item]}</code>
                  <span class="order-buttons">
                    <button type="button" data-testid="order-put-back" ?disabled=${answer.checked}
                      aria-label=${strings.orderPutBack(text(item))} @click=${() => set([...order, item])}>↩</button>
                  </span>
                </li>`,
              )}</ul>`
            : html`<p class="help" data-testid="order-left-out-empty">${strings.orderLeftOutEmpty}</p>`}
        </div>`
      : nothing}
  `;
}

// The items' first order: a stable shuffle of every line and distractor that is never already right.
function shuffledOrder(question, seedText) {
  const items = orderItems(question);
  const order = shuffled(items.map((_, i) => i), seedText);
  return order.every((item, i) => items[item] === question.lines[i]) ? [...order.slice(1), order[0]] : order;
}

// Puts `right` on `row` (an empty `right` clears the row). Each right item is one card that lies
// on one row at a time, so placing it takes it off the row it was on.
function placeCard(chosen, row, right) {
  const placed = Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== right));
  if (right) placed[row] = right;
  else delete placed[row];
  return placed;
}

// ---- dragging match cards ---------------------------------------------------------------------
// One card moves at a time, by pointer or by keyboard. Its look while it moves (lifted, the row it
// is over) is set on the elements directly: that changes at pointer speed and nothing else depends
// on it. Dropping the card sets the answer through actions like any other answer.

let drag = null; // { card, rows, over, label, lefts, firstRow, drop, pointer?, x?, y?, moved? }

function lift(card, move, extra) {
  if (drag) cancelDrag();
  const rows = [...card.closest(".match-question").querySelectorAll('[data-testid="match-row"]')];
  drag = { ...move, ...extra, card, rows, over: null };
}

function hover(row) {
  drag.over = row;
  drag.rows.forEach((tr, i) => tr.toggleAttribute("data-over", i === row));
}

function settle() {
  const { card } = drag;
  hover(null);
  card.removeAttribute("data-lifted");
  card.setAttribute("aria-pressed", "false");
  card.style.transform = "";
  drag = null;
}

function announce(card, text) {
  card.closest(".match-question").querySelector('[data-testid="match-announce"]').textContent = text;
}

function dropHere() {
  const { card, over, label, lefts, drop } = drag;
  settle();
  drop(over);
  announce(card, strings.matchDropped(label, lefts[over]));
}

function cancelDrag() {
  if (!drag) return;
  const { card, label, moved, pointer } = drag;
  settle();
  if (moved || pointer === undefined) announce(card, strings.matchCancelled(label));
}

// Focus leaving a lifted card puts it back (focus also leaves the previous card when a pointer
// starts dragging another one: that drag goes on).
function leaveCard(event) {
  if (drag?.card === event.currentTarget) cancelDrag();
}

function startPointerDrag(event, move) {
  const card = event.currentTarget;
  if (event.button !== 0 || card.disabled) return;
  lift(card, move, { pointer: event.pointerId, x: event.clientX, y: event.clientY, moved: false });
  card.setPointerCapture(event.pointerId);
}

function movePointerDrag(event) {
  if (drag?.pointer !== event.pointerId) return;
  const [dx, dy] = [event.clientX - drag.x, event.clientY - drag.y];
  if (!drag.moved && Math.hypot(dx, dy) < 4) return; // a click, not a drag (yet)
  drag.moved = true;
  drag.card.setAttribute("data-lifted", "");
  drag.card.style.transform = `translate(${dx}px, ${dy}px)`;
  const row = drag.rows.findIndex((tr) => {
    const box = tr.getBoundingClientRect();
    return event.clientY >= box.top && event.clientY < box.bottom && event.clientX >= box.left && event.clientX < box.right;
  });
  hover(row < 0 ? null : row);
}

function endPointerDrag(event) {
  if (drag?.pointer !== event.pointerId) return;
  if (drag.moved && drag.over !== null) dropHere();
  else cancelDrag();
}

// Space or Enter picks the card up; arrows move it between rows; Space or Enter drops it; Escape
// (or leaving the card) puts it back. Each step is announced in the question's live region.
function keyboardDrag(event, move) {
  const card = event.currentTarget;
  const pick = event.key === " " || event.key === "Enter";
  if (drag?.card !== card || drag.pointer !== undefined) {
    if (!pick) return;
    event.preventDefault();
    lift(card, move, {});
    card.setAttribute("data-lifted", "");
    card.setAttribute("aria-pressed", "true");
    hover(drag.firstRow());
    announce(card, strings.matchPickedUp(drag.label, drag.lefts[drag.over]));
    return;
  }
  const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
  if (step) {
    event.preventDefault();
    const rows = drag.rows.length;
    hover((drag.over + step + rows) % rows);
    announce(card, strings.matchOver(drag.label, drag.lefts[drag.over], drag.over + 1, rows));
  } else if (pick) {
    event.preventDefault();
    dropHere();
  } else if (event.key === "Escape") {
    event.preventDefault();
    cancelDrag();
  }
}

// A stable shuffle (the same order on every render and reload), so the cards aren't in answer order.
function shuffled(items, seedText) {
  let seed = [...seedText].reduce((hash, ch) => (hash * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j], result[i]];
  }
  return result;
}
