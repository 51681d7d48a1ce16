import type { Option } from '~/ui/fields'
import { userMessage } from '~/upstream/errors'

export type Choices = { options: Option[]; error: string | null }

/**
 * The options of a choice loaded from the upstream (vehicle type, golongan, driver …).
 * A failure does not take the dialog down: no options plus a message shown beside that choice, and
 * the record's current value kept as the one option so a save does not clear it.
 */
export async function lookupChoices<T>(
  load: () => Promise<T[]>,
  toOption: (row: T) => Option,
  what: string,
  current?: Option | null,
): Promise<Choices> {
  try {
    return { options: (await load()).map(toOption), error: null }
  } catch (error) {
    if (error instanceof Response) throw error
    console.error(`[lookup] ${what}:`, error instanceof Error ? error.message : error)
    return {
      options: current?.value ? [current] : [],
      error: `Pilihan ${what} tidak dapat dimuat (${userMessage(error)}). Coba muat ulang dialog ini.`,
    }
  }
}
