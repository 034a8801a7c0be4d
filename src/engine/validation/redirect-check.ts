/**
 * A redirect action leaves the funnel for an http(s) address: its URL starts with `http://` or
 * `https://`, or with a `{settings.*}` placeholder whose value does. Proved here, when the flow is checked,
 * so the page need not carry the check's message (the machine still goes nowhere else at run time).
 */
import type { Flow } from '../flow.gen.ts';
import { interpolate } from '../template.ts';
import { error, pointerOf, type Finding } from './flow-issue.ts';
import type { FlowCheck } from './graph-check.ts';

const WEB = /^https?:\/\//i;

/** The URL's start as a visitor's browser would get it: settings filled in, any other placeholder empty. */
function start(url: string, flow: Flow): string {
  const leading = /^\{settings\.[^}]*\}/.exec(url)?.[0] ?? '';
  return interpolate(leading, { settings: flow.settings }) + url.slice(leading.length);
}

export const checkRedirectUrls: FlowCheck = (flow) => {
  const found: Finding[] = [];
  for (const [id, screen] of Object.entries(flow.screens)) {
    const lists = { enter: screen.enter, ...('continue' in screen ? { continue: screen.continue } : {}) };
    for (const [list, actions] of Object.entries(lists)) {
      actions?.forEach((action, i) => {
        if (action.type !== 'redirect' || WEB.test(start(action.params.url, flow))) return;
        found.push(
          error(
            pointerOf('/screens', id, list, i, 'params', 'url'),
            `a redirect must go to an http(s) address, and "${action.params.url}" does not start with one`,
            'start the URL with https://, or with a {settings.*} placeholder whose value does',
          ),
        );
      });
    }
  }
  return found;
};
