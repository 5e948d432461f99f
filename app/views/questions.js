// The lesson's questions: choice, fill, match, predict. Each is answerable, checked on demand,
// explained after checking, and can be retried. Each carries data-testid="question".
import { html, nothing } from "lit-html";
import { live } from "lit-html/directives/live.js";
import { unsafeHTML } from "lit-html/directives/unsafe-html.js";
import { strings } from "../strings.js";
import { renderMarkdownInline } from "../markdown.js";
import { answerComplete } from "../grading.js";
import * as actions from "../actions.js";
import { markdownBlock } from "./lesson.js";

const inline = (text) => unsafeHTML(renderMarkdownInline(text));

export function questionList(state, lesson) {
  return html`
    <section class="questions" aria-labelledby="questions-heading">
      <h2 id="questions-heading">${strings.questions}</h2>
      ${lesson.questions.map((question, n) => questionCard(state, lesson, question, n))}
    </section>
  `;
}

function questionCard(state, lesson, question, n) {
  const answer = state.answers[actions.answerKey(lesson.id, n)] ?? { value: undefined, checked: false, correct: false };
  const ask = {
    lesson,
    n,
    question,
    answer,
    name: `q-${lesson.id}-${n}`,
    set: (value) => actions.setAnswer(lesson.id, n, value),
  };
  const submit = (event) => {
    event.preventDefault();
    if (!answer.checked) actions.checkAnswer(lesson, n);
  };
  return html`
    <form class="question" data-testid="question" data-type=${question.type} data-state=${answer.checked ? (answer.correct ? "correct" : "incorrect") : "open"}
      aria-label=${strings.questionLabel(n + 1)} @submit=${submit}>
      <h3>${strings.questionLabel(n + 1)}</h3>
      <div class="prose">${markdownBlock(question.prompt)}</div>
      ${questionBody[question.type](ask)}
      <div class="toolbar">
        ${answer.checked
          ? html`<button type="button" data-testid="retry" @click=${() => actions.retryAnswer(lesson.id, n)}>${strings.retry}</button>`
          : html`<button type="submit" class="primary" data-testid="check" ?disabled=${!answerComplete[question.type](question, answer.value)}>${strings.check}</button>`}
      </div>
      ${answer.checked ? feedback(question, answer) : nothing}
    </form>
  `;
}

function feedback(question, answer) {
  return html`
    <div class="feedback ${answer.correct ? "pass" : "fail"}" role="status" data-testid="feedback" data-state=${answer.correct ? "correct" : "incorrect"}>
      <p><strong>${answer.correct ? strings.correct : strings.incorrect}</strong></p>
      <div class="prose"><strong>${strings.explanation}</strong> ${markdownBlock(question.explanation)}</div>
    </div>
  `;
}

const questionBody = {
  choice: ({ question, answer, name, set }) => html`
    <fieldset class="choices" ?disabled=${answer.checked}>
      <legend class="visually-hidden">${strings.choicesLabel}</legend>
      ${question.options.map(
        (option, i) => html`
          <label class="choice ${answer.checked && i === question.answer && answer.correct ? "right" : ""}">
            <input type="radio" name=${name} .checked=${live(answer.value === i)} @change=${() => set(i)} />
            <span>${inline(option)}</span>
          </label>
        `,
      )}
    </fieldset>
  `,

  fill: ({ question, answer, name, set }) => {
    const [before, after] = question.template.split("____");
    return html`
      <pre class="fill-template"><code>${before}<input class="blank" type="text" name=${name} data-testid="blank" aria-label=${strings.fillLabel}
        autocomplete="off" autocapitalize="off" spellcheck="false" size=${Math.max(6, question.answers[0].length + 2)}
        ?readonly=${answer.checked} .value=${live(answer.value ?? "")} @input=${(event) => set(event.target.value)} />${after}</code></pre>
    `;
  },

  match: ({ lesson, n, question, answer, set }) => {
    const rights = shuffled(question.pairs.map((pair) => pair.right), `${lesson.id}:${n}`);
    const chosen = answer.value ?? {};
    return html`
      <table class="match">
        <tbody>
          ${question.pairs.map(
            (pair, i) => html`
              <tr>
                <th scope="row">${inline(pair.left)}</th>
                <td>
                  <select data-testid="match-select" aria-label=${strings.matchLabel(pair.left)} ?disabled=${answer.checked}
                    @change=${(event) => set({ ...chosen, [i]: event.target.value })}>
                    <option value="" ?selected=${!chosen[i]}>${strings.matchChoose}</option>
                    ${rights.map((right) => html`<option value=${right} ?selected=${chosen[i] === right}>${plain(right)}</option>`)}
                  </select>
                </td>
              </tr>
            `,
          )}
        </tbody>
      </table>
    `;
  },

  predict: ({ question, answer, name, set }) => html`
    <pre class="predict-code"><code>${question.code}</code></pre>
    <label class="predict-answer">
      <span>${strings.predictLabel}</span>
      <textarea name=${name} data-testid="predict-answer" rows="3" spellcheck="false" ?readonly=${answer.checked}
        .value=${live(answer.value ?? "")} @input=${(event) => set(event.target.value)}></textarea>
    </label>
  `,
};

// <option> can only hold text: show Markdown code spans without their backticks.
const plain = (markdown) => markdown.replace(/`([^`]*)`/g, "$1");

// A stable shuffle (the same order on every render and reload), so the right column isn't in answer order.
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
