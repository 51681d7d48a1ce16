/**
 * A whole rupiah amount in Indonesian words ("terbilang"), as printed under an invoice's total:
 * 1250000 → 'Satu juta dua ratus lima puluh ribu rupiah'. Up to (but not including) 1,000 triliun;
 * fractions are rounded; negative amounts get 'minus'.
 */
const SATUAN = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan', 'sembilan']
const SKALA = ['', 'ribu', 'juta', 'miliar', 'triliun'] as const

function ratusan(n: number): string {
  const words: string[] = []
  const r = Math.floor(n / 100)
  const p = Math.floor((n % 100) / 10)
  const s = n % 10
  if (r === 1) words.push('seratus')
  else if (r > 1) words.push(SATUAN[r], 'ratus')
  if (p === 1) {
    if (s === 0) words.push('sepuluh')
    else if (s === 1) words.push('sebelas')
    else words.push(SATUAN[s], 'belas')
  } else {
    if (p > 1) words.push(SATUAN[p], 'puluh')
    if (s > 0) words.push(SATUAN[s])
  }
  return words.join(' ')
}

/** The words alone, lower case: 1250000 → 'satu juta dua ratus lima puluh ribu'; 0 → 'nol'. */
export function terbilangKata(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError('Jumlah tidak valid')
  let n = Math.round(Math.abs(amount))
  if (n >= 1e15) throw new RangeError('Jumlah terlalu besar untuk ditulis dengan huruf')
  if (n === 0) return 'nol'
  const parts: string[] = []
  for (let i = 0; n > 0; i++, n = Math.floor(n / 1000)) {
    const group = n % 1000
    if (group === 0) continue
    const words = i === 1 && group === 1 ? 'seribu' : [ratusan(group), SKALA[i]].filter(Boolean).join(' ')
    parts.unshift(words)
  }
  return (amount < 0 && Math.round(Math.abs(amount)) > 0 ? 'minus ' : '') + parts.join(' ')
}

/** 'Satu juta dua ratus lima puluh ribu rupiah' (capitalised, with 'rupiah'); null for no amount. */
export function terbilang(amount: number | null | undefined): string | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null
  try {
    const words = terbilangKata(amount)
    return `${words.charAt(0).toUpperCase()}${words.slice(1)} rupiah`
  } catch {
    return null
  }
}
