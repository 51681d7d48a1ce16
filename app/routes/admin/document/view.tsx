import type { SerializeFrom } from '@remix-run/node'
import type { DocumentScreenData } from '~/server/vehicle-document.server'
import { FittedTyresDiagram, TyreLinesTable, TyreScreenLayout, TyreScreenSubmit } from '~/ui/tyre-screen'

/**
 * The page of a document on a vehicle (its create form, edit screen and read-only Show): the vehicle,
 * the axle diagram of the positions now (a fitted position opens the document's position dialog), the
 * lines with an undo each, and Simpan (create) / Selesai (edit).
 */
export function DocumentScreenView({ s, error }: { s: SerializeFrom<DocumentScreenData>; error?: string | null }) {
  const t = s.texts
  return (
    <TyreScreenLayout
      page={s}
      subtitle={s.subtitle}
      posted={s.posted}
      status={s.document ? s.document.status : undefined}
      diagram={<FittedTyresDiagram s={s} mode={t.diagram} removed={s.removed} />}
      linesTitle={t.linesTitle}
      lines={
        <>
          <TyreLinesTable
            headers={t.headers}
            rows={s.lines}
            empty={t.empty}
            error={s.linesError}
            deleteTo={s.readOnly ? null : (id) => `${s.screen.path}/detail/${id}/hapus${s.screen.search}`}
            deleteLabel={t.undo}
          />
          {s.kind === 'edit' && !s.readOnly ? <p className="mt-3 text-sm text-slate-600">{t.editNote}</p> : null}
          {s.readOnly ? null : <TyreScreenSubmit action={s.screen.href} error={error} label={s.kind === 'create' ? 'Simpan' : 'Selesai'} />}
        </>
      }
    />
  )
}
