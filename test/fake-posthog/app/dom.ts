/** DOM building for the stand-in's app (createElement and textContent only, never HTML strings). */

export type Child = Node | string | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | null | undefined>;

export function h(tag: string, attrs: Attrs | null, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

const SVG = 'http://www.w3.org/2000/svg';

/** Simple stand-in glyphs for the few icons a viewer needs to recognise (not PostHog's drawings). */
export const GLYPHS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zM14 5h4v14h-4z',
  rewind: 'M12 5V2L7 6.5l5 4.5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z',
  plus: 'M11 5h2v14h-2zM5 11h14v2H5z',
  minus: 'M5 11h14v2H5z',
  ellipsis: 'M4 10.5h3v3H4zM10.5 10.5h3v3h-3zM17 10.5h3v3h-3z',
} as const;

/** An `@posthog/icons` icon: `<svg class="LemonIcon">`. */
export function icon(className?: string, glyph?: keyof typeof GLYPHS): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  if (glyph) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', GLYPHS[glyph]);
    path.setAttribute('fill', 'currentColor');
    svg.appendChild(path);
  }
  svg.setAttribute('xmlns', SVG);
  svg.setAttribute('fill', 'none');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.setAttribute('class', className ? `LemonIcon ${className}` : 'LemonIcon');
  return svg;
}

export interface LemonButtonProps {
  type?: 'primary' | 'secondary' | 'tertiary';
  status?: 'default' | 'alt' | 'danger';
  size?: 'xxsmall' | 'xsmall' | 'small' | 'medium' | 'large';
  icon?: Node;
  sideIcon?: Node;
  content?: Child;
  className?: string;
  dataAttr?: string;
  /** A string tooltip also becomes the button's `aria-label`, as LemonButton does. */
  tooltip?: string;
  noPadding?: boolean;
  active?: boolean;
  fullWidth?: boolean;
  /** `disabledReason`: LemonButton then sets `aria-disabled` and ignores clicks. */
  disabled?: boolean;
  /** `to`: LemonButton renders a Link (`<a href>`) instead of a button. */
  to?: string;
}

/** `lib/lemon-ui/LemonButton/LemonButton.tsx` `LemonButton`: its classes and its chrome spans. */
export function lemonButton(props: LemonButtonProps): HTMLElement {
  const classes = [
    'LemonButton',
    `LemonButton--${props.type ?? 'tertiary'}`,
    `LemonButton--status-${props.status ?? 'default'}`,
    props.noPadding && 'LemonButton--no-padding',
    props.size && `LemonButton--${props.size}`,
    props.active && 'LemonButton--active',
    props.fullWidth && 'LemonButton--full-width',
    !props.content && 'LemonButton--no-content',
    props.icon && 'LemonButton--has-icon',
    props.sideIcon && 'LemonButton--has-side-icon',
    props.className,
  ].filter(Boolean);
  const chrome = h(
    'span',
    { class: 'LemonButton__chrome' },
    props.icon && h('span', { class: 'LemonButton__icon' }, props.icon),
    props.content && h('span', { class: 'LemonButton__content' }, props.content),
    props.sideIcon && h('span', { class: 'LemonButton__icon' }, props.sideIcon),
  );
  const common = {
    class: classes.join(' '),
    'data-attr': props.dataAttr,
    'aria-disabled': props.disabled ? 'true' : undefined,
  };
  if (props.to !== undefined) return h('a', { ...common, href: props.to }, chrome);
  return h('button', { ...common, type: 'button', 'aria-label': props.tooltip }, chrome);
}

/** `LemonSkeleton`: a placeholder bar while data loads. */
export const skeleton = (className: string): HTMLElement => h('div', { class: `LemonSkeleton ${className}` });
