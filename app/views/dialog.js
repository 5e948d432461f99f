// An in-page confirmation (a modal <dialog>, instead of the browser's confirm()): focus moves into
// it, Escape or Cancel closes it, and focus returns to the button that opened it.
import { html, render } from "lit-html";
import { strings } from "../strings.js";

// Resolves to true when the learner confirms.
export function askToConfirm({ message, confirmLabel }) {
  const dialog = document.createElement("dialog");
  dialog.className = "confirm";
  dialog.dataset.testid = "dialog";
  render(
    html`<form method="dialog">
      <p>${message}</p>
      <div class="toolbar">
        <button value="cancel" data-testid="dialog-cancel" autofocus>${strings.cancel}</button>
        <button value="confirm" class="primary" data-testid="dialog-confirm">${confirmLabel}</button>
      </div>
    </form>`,
    dialog,
  );
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(dialog.returnValue === "confirm");
    });
  });
}

// A click handler that asks first and runs `action` only when the learner confirms.
export const confirmThen = (message, confirmLabel, action) => async () => {
  if (await askToConfirm({ message, confirmLabel })) action();
};
