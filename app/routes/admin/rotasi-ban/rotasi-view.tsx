import type { SerializeFrom } from '@remix-run/node'
import { ROTASI_POSTED } from '~/lib/rotasi'
import type { RotasiScreenData } from '~/server/rotasi.server'
import { FittedTyresDiagram, TyreLinesTable, TyreScreenLayout, TyreScreenSubmit } from '~/ui/tyre-screen'

export const BELUM_ADA_BAN_DIPINDAH = 'Belum ada ban yang dipindahkan. Pilih ban terpasang pada diagram terlebih dahulu.'

/**
 * The rotation screen's page (create, edit and the read-only Show): the vehicle, the axle diagram of
 * the positions now (a fitted position opens 'Pindahkan Ban ({posisi})'), the moves with an undo
 * each, and Simpan (create) / Selesai (edit).
 */
export function RotasiScreenView({ s, error }: { s: SerializeFrom<RotasiScreenData>; error?: string | null }) {
  return (
    <TyreScreenLayout
      page={s}
      subtitle={s.document ? `Kode Rotasi ${s.document.kode || '-'}` : 'Pilih ban terpasang pada diagram untuk memindahkannya'}
      posted={s.readOnly && s.kind !== 'show' ? ROTASI_POSTED : null}
      status={s.document ? s.document.status : undefined}
      diagram={<FittedTyresDiagram s={s} mode="rotasi" />}
      linesTitle="Detail Pemindahan Ban"
      lines={
        <>
          <TyreLinesTable
            headers={['Ban', 'Ditukar dengan', 'Km']}
            rows={s.lines}
            empty="Belum ada ban yang dipindahkan."
            error={s.linesError}
            deleteTo={s.readOnly ? null : (id) => `${s.screen.path}/detail/${id}/hapus${s.screen.search}`}
            deleteLabel="Batalkan pemindahan"
          />
          {s.kind === 'edit' && !s.readOnly ? (
            <p className="mt-3 text-sm text-slate-600">Setiap pemindahan atau pembatalan langsung tersimpan pada dokumen ini.</p>
          ) : null}
          {s.readOnly ? null : <TyreScreenSubmit action={s.screen.href} error={error} label={s.kind === 'create' ? 'Simpan' : 'Selesai'} />}
        </>
      }
    />
  )
}
