/**
 * How the in-page button fits PostHog's meta bar, which clips what does not fit (its row is
 * `overflow-hidden`) and must never grow into the player: the status line gives way first, then the
 * buttons shrink to icons, then the add button gives way to the one button that matters next.
 */

/** The compact look: icons instead of labels (kept for assistive tech), the status line hidden. */
export const FIT_STYLE = `svg{display:none;width:14px;height:14px;fill:none;stroke:currentColor;stroke-width:2.5;stroke-linecap:round;stroke-linejoin:round}
.compact{gap:2px}
.compact button{padding:1px 4px}
.compact svg{display:block}
.compact .label,.compact .status{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}`;

export const PLUS_ICON = 'M12 5v14M5 12h14';
export const UNDO_ICON = 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11';
export const CROSS_ICON = 'M6 6l12 12M18 6 6 18';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The narrowest the status line may get, in px, before the buttons go compact instead. */
const MIN_STATUS_PX = 48;

/** A button with an icon, shown only when compact, and its label (still its accessible name then). */
export function labelledButton(doc: Document, className: string, text: string, iconPath: string) {
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = className;
  const icon = doc.createElementNS(SVG_NS, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', iconPath);
  icon.append(path);
  const label = doc.createElement('span');
  label.className = 'label';
  label.textContent = text;
  button.append(icon, label);
  return { button, label };
}

/**
 * How many px `element` sticks out of the boxes that clip it, up to the player (PostHog's meta bar
 * row is `overflow-hidden`): what sticks out is not seen. 0 when it fits, or is not laid out.
 */
export function clippedPx(element: Element, view: Window | null): number {
  const box = element.getBoundingClientRect?.();
  if (!box || !view?.getComputedStyle || box.width === 0) return 0;
  let worst = 0;
  for (let clip = element.parentElement; clip; clip = clip.parentElement) {
    if (view.getComputedStyle(clip).overflowX !== 'visible') {
      const edge = clip.getBoundingClientRect();
      worst = Math.max(worst, box.right - edge.right, edge.left - box.left);
    }
    if (clip.matches('.SessionRecordingPlayer')) break;
  }
  return worst > 0.5 ? worst : 0;
}

export interface BarParts {
  host: HTMLElement;
  root: ShadowRoot;
  bar: HTMLElement;
  status: HTMLElement;
  add: HTMLButtonElement;
  addTitle: string;
  /** The buttons that may stand alone when nothing else fits (Cancel while waiting, Undo after an add). */
  next: HTMLButtonElement[];
}

/**
 * Fits the button into the bar: first the status line gives way (ellipsis), then the buttons show
 * only their icons (the status as a tooltip), then the add button gives way to the first visible of
 * `next`. Tried wide first each time, so a wider bar gets the words back.
 */
export function fitInBar(parts: BarParts): void {
  const { host, bar, status, add } = parts;
  if (!host.isConnected) return;
  const view = host.ownerDocument.defaultView;
  bar.classList.remove('compact');
  status.style.maxWidth = '';
  add.hidden = false;
  add.title = parts.addTitle;
  for (const button of parts.next) button.title = '';
  let over = clippedPx(host, view);
  if (over > 0 && status.textContent) {
    const room = status.getBoundingClientRect().width - over;
    if (room >= MIN_STATUS_PX) {
      status.style.maxWidth = `${Math.floor(room)}px`;
      over = clippedPx(host, view);
    }
  }
  if (over === 0) return;
  status.style.maxWidth = '';
  bar.classList.add('compact');
  if (status.textContent) add.title = status.textContent;
  const alone = parts.next.find((button) => !button.hidden);
  if (!alone || clippedPx(host, view) === 0) return;
  const focused = parts.root.activeElement === add;
  add.hidden = true;
  alone.title = status.textContent ?? '';
  if (focused) alone.focus();
}
