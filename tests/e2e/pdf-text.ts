import { inflateSync } from 'node:zlib'

/**
 * The text of each page of a PDF as Chromium (Skia) writes it, without a PDF package: the objects
 * are read from the file (Skia writes no object streams), the Flate streams inflated, each font's
 * ToUnicode map read, and the pages' text operators (Tj, TJ, ', ") decoded with the font selected
 * by Tf. Enough to count what is printed on which page; not a general PDF reader.
 */
export function pdfPagesText(pdf: Buffer): string[] {
  const src = pdf.toString('latin1')
  const objects = new Map<number, { dict: string; stream: Buffer | null }>()
  const objRe = /(\d+) 0 obj\s*([\s\S]*?)endobj/g
  for (let m = objRe.exec(src); m; m = objRe.exec(src)) {
    const body = m[2]
    const at = body.search(/stream\r?\n/)
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null })
      continue
    }
    const dict = body.slice(0, at)
    const start = m.index + m[0].indexOf(body) + at + (body[at + 6] === '\r' ? 8 : 7)
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0)
    const raw = pdf.subarray(start, start + length)
    objects.set(Number(m[1]), { dict, stream: /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw })
  }
  const ref = (dict: string, key: string) => {
    const r = new RegExp(`/${key} (\\d+) 0 R`).exec(dict)
    return r ? Number(r[1]) : null
  }

  // Font resource names (/F4 12 0 R inside a /Font dictionary) → the font's code → text map.
  const cmaps = new Map<string, Map<string, string>>()
  for (const { dict } of objects.values()) {
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(dict)
    if (!fontDict) continue
    for (const f of fontDict[1].matchAll(/\/(\S+?) (\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]))
      const toUnicode = font && ref(font.dict, 'ToUnicode')
      const cmap = toUnicode ? objects.get(toUnicode)?.stream : null
      if (cmap && !cmaps.has(f[1])) cmaps.set(f[1], readCmap(cmap.toString('latin1')))
    }
  }

  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict))
  return pages.map((p) => {
    const contents = /\/Contents (\d+) 0 R/.exec(p.dict) ?? null
    const ids = contents
      ? [Number(contents[1])]
      : [...(/\/Contents \[([^\]]*)\]/.exec(p.dict)?.[1].matchAll(/(\d+) 0 R/g) ?? [])].map((x) => Number(x[1]))
    return ids.map((id) => showText(objects.get(id)?.stream?.toString('latin1') ?? '', cmaps)).join('\n')
  })
}

function readCmap(text: string): Map<string, string> {
  const map = new Map<string, string>()
  const hexText = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const c of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(c[1].toUpperCase(), hexText(c[2]))
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const r of block[1].matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g)) {
      const from = parseInt(r[1], 16)
      const to = parseInt(r[2], 16)
      const width = r[1].length
      const dsts = r[3].startsWith('[') ? [...r[3].matchAll(/<([0-9A-Fa-f]+)>/g)].map((d) => d[1]) : null
      const base = dsts ? 0 : parseInt(r[3].slice(1, -1), 16)
      for (let code = from; code <= to; code++) {
        const key = code.toString(16).toUpperCase().padStart(width, '0')
        map.set(key, dsts ? hexText(dsts[code - from] ?? '') : String.fromCodePoint(base + code - from))
      }
    }
  return map
}

/** The text shown by a content stream: each text object (BT … ET) on a line of its own. */
function showText(content: string, cmaps: Map<string, Map<string, string>>): string {
  let cmap: Map<string, string> | undefined
  let out = ''
  const decode = (hex: string) => {
    const width = cmap && [...cmap.keys()][0]?.length === 2 ? 2 : 4
    return (hex.match(new RegExp(`.{${width}}`, 'g')) ?? []).map((c) => cmap?.get(c.toUpperCase()) ?? '').join('')
  }
  const tokens = /\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)>|\bET\b/g
  for (let t = tokens.exec(content); t; t = tokens.exec(content)) {
    if (t[1] !== undefined) cmap = cmaps.get(t[1])
    else if (t[2] !== undefined) out += decode(t[2])
    else out += '\n'
  }
  return out
}
