// The iframe embed's height, from embed.html (the frame) to the page around it, which sizes the
// <iframe> to fit: the frame posts { type: HEIGHT, height } whenever its content's height changes;
// the page accepts it only from our files' origin and only for the iframe that sent it.
const HEIGHT = "torch-embed:height";

// In embed.html. The page's origin is the one the frame may tell (location.ancestorOrigins where the
// browser has it, else the referrer's); the height is no secret, so an unknown page gets it too.
export function reportHeight() {
  const parentOrigin = location.ancestorOrigins?.[0] ?? (document.referrer ? new URL(document.referrer).origin : "*");
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    parent.postMessage({ type: HEIGHT, height }, parentOrigin);
  }).observe(document.documentElement);
}

// On the embedding page (embed.js).
export function sizeFrames(filesOrigin) {
  addEventListener("message", (event) => {
    if (event.origin !== filesOrigin || event.data?.type !== HEIGHT || !Number.isFinite(event.data.height)) return;
    const frame = [...document.querySelectorAll("iframe")].find((iframe) => iframe.contentWindow === event.source);
    if (frame) frame.style.height = `${event.data.height}px`;
  });
}
