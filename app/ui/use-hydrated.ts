import { useEffect, useRef, useState } from 'react'

/** false on the server and in the first client render, true once React runs in the browser. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/**
 * The ref of a field whose text lives in the state `set` writes (a state setter): what was typed
 * into it before the page's scripts ran (a slow network) is taken into that state once they run.
 * Without it the field keeps the text but the page does not follow it, and a controlled field is
 * emptied at its next render.
 */
export function useTypedEarly(set: (value: string) => void) {
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (field.current) set(field.current.value)
  }, [set])
  return field
}
