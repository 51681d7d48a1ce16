/**
 * The server's HTML as a user without JavaScript gets it, parsed (node-html-parser) for the request-level
 * tests: what a page shows, found as a user finds it — by a heading, a link's or button's name, a
 * field's label, an alert — rather than by matching strings in the markup. The browser tests keep what
 * only a browser shows (CSS, focus, dialogs opened by script, axe and the Nu checker on every page).
 */
import { parse, type HTMLElement } from 'node-html-parser'
import { expect } from 'vitest'
import { SAME_ORIGIN, type Answer, type Client } from './http'

export type Element = HTMLElement

/** The page of an answer (expected to be HTML), parsed. */
export function page(res: Answer): HTMLElement {
  expect(res.headers.get('content-type') ?? '', 'an HTML page').toMatch(/^text\/html/)
  return parse(res.text, { comment: false })
}

/** `path` got by `c`, answered `status` (200 unless said), parsed. */
export async function openPage(c: Client, path: string, status = 200): Promise<HTMLElement> {
  const res = await c.get(path)
  expect(res.status, path).toBe(status)
  return page(res)
}

/** The text a user reads in `el`: entities decoded, whitespace collapsed, scripts and styles left out. */
export function text(el: HTMLElement | null | undefined): string {
  if (!el) return ''
  const copy = parse(el.outerHTML)
  for (const hidden of copy.querySelectorAll('script, style, template')) hidden.remove()
  return copy.textContent.replace(/\s+/g, ' ').trim()
}

/**
 * The accessible name of a link, button, heading or landmark: the text of its aria-labelledby
 * elements, else aria-label, else its text (an image's alt included).
 */
export function nameOf(el: HTMLElement): string {
  const by = el.getAttribute('aria-labelledby')
  if (by) {
    let top = el
    while (top.parentNode) top = top.parentNode
    return by
      .split(/\s+/)
      .map((id) => text(top.querySelector(`[id="${id}"]`)))
      .join(' ')
      .trim()
  }
  const label = el.getAttribute('aria-label')
  if (label) return label.trim()
  const alts = el
    .querySelectorAll('img[alt]')
    .map((img) => img.getAttribute('alt'))
    .join(' ')
  return `${text(el)} ${alts}`.replace(/\s+/g, ' ').trim()
}

/** The elements of `selector` in `root` whose name (nameOf) is `name` (a string: exactly; a RegExp: matching). */
export function named(root: HTMLElement, selector: string, name: string | RegExp): HTMLElement[] {
  return root.querySelectorAll(selector).filter((el) => (typeof name === 'string' ? nameOf(el) === name : name.test(nameOf(el))))
}

/** The links named `name` (`a[href]`). */
export const links = (root: HTMLElement, name: string | RegExp) => named(root, 'a[href]', name)
/** The buttons named `name` (`button`, `input[type=submit]` by its value). */
export function buttons(root: HTMLElement, name: string | RegExp): HTMLElement[] {
  const submits = root
    .querySelectorAll('input[type="submit"]')
    .filter((el) => (typeof name === 'string' ? el.getAttribute('value') === name : name.test(el.getAttribute('value') ?? '')))
  return [...named(root, 'button', name), ...submits]
}
/** The headings of `level` (1–6), or of every level. */
export const headings = (root: HTMLElement, level?: number) => root.querySelectorAll(level ? `h${level}` : 'h1, h2, h3, h4, h5, h6')
/** The texts of the headings of `level` (1–6), or of every level. */
export const headingTexts = (root: HTMLElement, level?: number) => headings(root, level).map(text)
/** The alerts (role=alert) of the page, by their text. */
export const alerts = (root: HTMLElement) => root.querySelectorAll('[role="alert"]').map(text)
/** `<main>` (every page of the app has one). */
export function main(root: HTMLElement): HTMLElement {
  const el = root.querySelector('main')
  expect(el, 'the page has a <main>').toBeTruthy()
  return el!
}

/** The form field labelled `label` (a `<label for>`, a wrapping `<label>`, or aria-label), or null. */
export function field(root: HTMLElement, label: string | RegExp): HTMLElement | null {
  const matches = (s: string) => (typeof label === 'string' ? s === label : label.test(s))
  for (const el of root.querySelectorAll('label')) {
    // A label's own words: a wrapped select's options and a textarea's text are not part of its name.
    const copy = parse(el.outerHTML)
    for (const control of copy.querySelectorAll('select, textarea')) control.remove()
    const own = text(copy).replace(/\s*\*$/, '')
    if (!matches(own)) continue
    const id = el.getAttribute('for')
    const target = id ? root.getElementById(id) : el.querySelector('input, select, textarea')
    if (target) return target
  }
  return root.querySelectorAll('input, select, textarea').find((el) => matches(el.getAttribute('aria-label') ?? '')) ?? null
}

/** A field's value as the browser would submit it: an input's value, a select's selected option, a textarea's text. */
export function valueOf(el: HTMLElement): string {
  if (el.tagName === 'SELECT') {
    const selected = el.querySelector('option[selected]') ?? el.querySelector('option')
    return selected?.getAttribute('value') ?? text(selected)
  }
  if (el.tagName === 'TEXTAREA') return el.textContent
  return el.getAttribute('value') ?? ''
}

/** The rows of the first table in `root` (or the table given), each as its cells' texts; header rows left out. */
export function rows(root: HTMLElement): string[][] {
  const table = root.tagName === 'TABLE' ? root : root.querySelector('table')
  if (!table) return []
  return table
    .querySelectorAll('tr')
    .filter((tr) => tr.querySelector('td'))
    .map((tr) => tr.querySelectorAll('td, th').map(text))
}

/**
 * The innermost elements whose whole text is `matcher` (a string: exactly, whitespace collapsed; a
 * RegExp: matching), as Playwright's getByText with `exact` finds them.
 */
export function byText(root: HTMLElement, matcher: string | RegExp): HTMLElement[] {
  const matches = (el: HTMLElement) => {
    const t = text(el)
    return typeof matcher === 'string' ? t === matcher : matcher.test(t)
  }
  return root.querySelectorAll('*').filter((el) => matches(el) && !el.querySelectorAll('*').some(matches))
}

/** The status messages (role=status: the banner after a save or delete), by their text. */
export const statuses = (root: HTMLElement) => root.querySelectorAll('[role="status"]').map(text)
/** The region (role=region, or a `<section>` with a name) named `name`, or null. */
export const region = (root: HTMLElement, name: string | RegExp) =>
  named(root, '[role="region"], section[aria-label], section[aria-labelledby]', name)[0] ?? null
/** The href of the one link named `name` in `root` (its entities decoded). */
export function hrefOf(root: HTMLElement, name: string | RegExp): string {
  const found = links(root, name)
  expect(found, `the link ${name}`).toHaveLength(1)
  return found[0]!.getAttribute('href')!
}

/**
 * Submits the form holding the button named `button` (within `root`) as a browser without JavaScript
 * does: its fields (formValues) with `values` over them, then the button's own name and value;
 * urlencoded to the form's action (`from`, the page's path, when it has none), from the app's origin.
 * The answer is not followed.
 */
export async function submit(c: Client, root: HTMLElement, button: string | RegExp, from: string, values: Record<string, string> = {}) {
  const btn = buttons(root, button)[0]
  expect(btn, `the button ${String(button)}`).toBeTruthy()
  const form = btn!.closest('form')
  expect(form, `the form of ${String(button)}`).toBeTruthy()
  const fields = { ...formValues(form!), ...values }
  if (btn!.getAttribute('name')) fields[btn!.getAttribute('name')!] = btn!.getAttribute('value') ?? ''
  const action = (form!.getAttribute('action') || from).replace(/&amp;/g, '&')
  return c.post(action, { form: fields, headers: SAME_ORIGIN })
}

/** The page a redirect answer leads to: the status is a redirect, its Location got by `c` and parsed. */
export async function follow(c: Client, res: Answer): Promise<HTMLElement> {
  expect(res.status, `a redirect (${res.text.slice(0, 300)})`).toBeGreaterThanOrEqual(300)
  expect(res.status).toBeLessThan(400)
  return openPage(c, res.headers.get('location')!)
}

/** The sidebar's menu entries (the links of the navigation 'Menu utama'), without Dashboard, Update Profile and Logout. */
export function sidebarMenus(root: HTMLElement): string[] {
  const nav = named(root, 'nav', 'Menu utama')[0]
  expect(nav, "the sidebar (navigation 'Menu utama')").toBeTruthy()
  return nav!
    .querySelectorAll('a')
    .map(text)
    .filter((t) => !['Dashboard', 'Update Profile', 'Logout'].includes(t))
}

/** The table rows (`tr`) of `root` having a cell (`td`, `th`) whose text is exactly `cell`. */
export const rowsWith = (root: HTMLElement, cell: string) =>
  root.querySelectorAll('tr').filter((tr) => tr.querySelectorAll('td, th').some((td) => text(td) === cell))

/**
 * The fields a browser without JavaScript submits for `form` (its submit buttons left out): each named
 * input (a checkbox or radio only when checked, its value or 'on'), select (its selected option) and
 * textarea. A name met twice keeps its last value.
 */
export function formValues(form: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {}
  for (const el of form.querySelectorAll('input[name], select[name], textarea[name]')) {
    const type = el.getAttribute('type') ?? ''
    if (['submit', 'button', 'image', 'reset', 'file'].includes(type) || el.hasAttribute('disabled')) continue
    if (['checkbox', 'radio'].includes(type) && !el.hasAttribute('checked')) continue
    out[el.getAttribute('name')!] = ['checkbox', 'radio'].includes(type) ? (el.getAttribute('value') ?? 'on') : valueOf(el)
  }
  return out
}
