/**
 * Dialogs in the browser's history: an open dialog owns one history entry (same URL), so the Back
 * button closes the dialog instead of leaving the page underneath. A dialog closed by the page
 * (its close button, Escape, a finished form) takes its entry back out.
 *
 * `history.back()` is asynchronous: a dialog that opens while such a step is on its way (the details
 * closing as the claim dialog opens) pushes its entry once the step has arrived, or that step would
 * take the new entry instead.
 */

const STATE_KEY = 'tapintiDialog';

interface OpenDialog {
  id: number;
  onBack: () => void;
  pushed: boolean;
}

const open: OpenDialog[] = [];
let pendingBacks = 0;
let nextId = 1;
let listening = false;

function entryDialogId(): number | undefined {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && STATE_KEY in state)
    return (state as Record<string, number>)[STATE_KEY];
  return undefined;
}

function push(dialog: OpenDialog) {
  // The router's own state (its key and index) stays, so it sees the same location.
  const state: unknown = window.history.state;
  window.history.pushState(
    { ...(state && typeof state === 'object' ? state : {}), [STATE_KEY]: dialog.id },
    '',
  );
  dialog.pushed = true;
}

function onPopState() {
  if (pendingBacks > 0) {
    pendingBacks -= 1;
    if (pendingBacks === 0) open.filter((dialog) => !dialog.pushed).forEach(push);
    return;
  }
  // The person pressed Back: the topmost dialog whose entry is gone closes.
  const current = entryDialogId();
  const top = open.at(-1);
  if (top && top.pushed && top.id !== current) {
    open.pop();
    top.onBack();
  }
}

/** Registers an open dialog; `onBack` closes it. Returns what to call when it closes otherwise. */
export function openDialogEntry(onBack: () => void): () => void {
  if (!listening) {
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  const dialog: OpenDialog = { id: nextId++, onBack, pushed: false };
  open.push(dialog);
  if (pendingBacks === 0) push(dialog);
  return () => {
    const index = open.indexOf(dialog);
    if (index === -1) return; // closed by Back: its entry is already gone
    open.splice(index, 1);
    // Its entry is taken out only while it is the current one (a link in the dialog may have moved on).
    if (dialog.pushed && entryDialogId() === dialog.id) {
      pendingBacks += 1;
      window.history.back();
    }
  };
}
