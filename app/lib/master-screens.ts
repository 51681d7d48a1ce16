import { SCREEN_LIST, SCREENS, type MasterTexts } from '~/screens'

/**
 * The master list screens' configuration, one entry a screen, by the screen's key in app/screens.ts:
 * its texts and columns, and the row actions its routes have. What app/ui/master-list.tsx shows and
 * the sort keys its loader (masterListData) reads from the URL.
 */
export type MasterScreen = MasterTexts & {
  /** The row has a detail dialog (…/:id). */
  detail?: boolean
  /** The row has an edit dialog (false: User, whose only row action is delete). */
  edit?: boolean
}

type MasterKey = { [K in keyof typeof SCREENS]: (typeof SCREENS)[K] extends { master: MasterTexts } ? K : never }[keyof typeof SCREENS]

export const MASTER_SCREENS = Object.fromEntries(
  SCREEN_LIST.flatMap((s) => {
    if (!s.master) return []
    const { detail, edit } = s.routes.kind === 'list' ? s.routes : {}
    return [[s.key, { ...s.master, ...(detail ? { detail } : {}), ...(edit === false ? { edit } : {}) }]]
  }),
) as Record<MasterKey, MasterScreen>
