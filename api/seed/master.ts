import { hashPassword } from '../auth.ts'
import { nextCode } from '../codes.ts'
import { PERMISSION_FLAGS } from '../routes/master/akses.ts'
import type { DB } from '../types.ts'

/**
 * Demo master data: karyawan, users with grants, supplier, ukuran, merek, golongan, jenis_kendaraan,
 * kendaraan, typeban. Runs inside seedDemo's transaction, after the departments and the admin
 * (kode_user 'admin', karyawan 'Administrator Sistem') exist. No photos.
 *
 * departemenIds are in api/seed.ts's order: Operasional, Keuangan, Gudang, Pemeliharaan, Personalia,
 * Pembelian, IT.
 *
 * Demo logins: 'sri.keuangan' and 'hendra.gudang', password 'demo12345' (hashed with hashPassword).
 * The other demo users have no password and cannot log in.
 */
export async function seedMasterDemo(db: DB, ctx: { departemenIds: number[] }) {
  const dep = (index: number) => (ctx.departemenIds.length ? ctx.departemenIds[index % ctx.departemenIds.length] : null)
  const [OPERASIONAL, KEUANGAN, GUDANG, PEMELIHARAAN, PERSONALIA, PEMBELIAN] = [0, 1, 2, 3, 4, 5].map(dep)

  // ---- karyawan ---------------------------------------------------------------------------------
  const karyawan = [
    {
      nama_lengkap: 'Budi Santoso',
      nama_kecil: 'Budi',
      gender: 'Laki-laki',
      departemen_id: OPERASIONAL,
      no_ktp: '3328011203850001',
      no_sim: '850312280117',
      tanggal_lahir: '1985-03-12',
      tanggal_gabung: '2016-07-01',
      telp: '081226345871',
      gmail: 'budi.santoso85@gmail.com',
      alamat: 'Jl. Kapten Sudibyo No. 45, Kota Tegal',
      atas_nama: 'Budi Santoso',
      norek: '002101005487502',
      nama_bank: 'BRI',
    },
    {
      nama_lengkap: 'Agus Setiawan',
      nama_kecil: 'Agus',
      gender: 'Laki-laki',
      departemen_id: OPERASIONAL,
      no_ktp: '3329022708880003',
      no_sim: '880827290245',
      tanggal_lahir: '1988-08-27',
      tanggal_gabung: '2018-02-12',
      telp: '085742118903',
      gmail: 'agus.setiawan88@gmail.com',
      alamat: 'Desa Kluwut RT 03/02, Bulakamba, Brebes',
      atas_nama: 'Agus Setiawan',
      norek: '002201019876508',
      nama_bank: 'BRI',
    },
    {
      nama_lengkap: 'Slamet Riyadi',
      nama_kecil: 'Slamet',
      gender: 'Laki-laki',
      departemen_id: OPERASIONAL,
      no_ktp: '3328100501790002',
      no_sim: '790105280331',
      tanggal_lahir: '1979-01-05',
      tanggal_gabung: '2012-10-15',
      telp: '081327650194',
      gmail: null,
      alamat: 'Jl. Raya Banjaran No. 12, Adiwerna, Kab. Tegal',
      atas_nama: 'Slamet Riyadi',
      norek: '1390012345678',
      nama_bank: 'MANDIRI',
    },
    {
      nama_lengkap: 'Joko Prasetyo',
      nama_kecil: 'Joko',
      gender: 'Laki-laki',
      departemen_id: OPERASIONAL,
      no_ktp: '3327031911900004',
      no_sim: '901119270412',
      tanggal_lahir: '1990-11-19',
      tanggal_gabung: '2019-05-20',
      telp: '082134567820',
      gmail: 'jokopras90@gmail.com',
      alamat: 'Jl. Gatot Subroto No. 88, Pemalang',
      atas_nama: 'Joko Prasetyo',
      norek: '0712345690',
      nama_bank: 'BNI',
    },
    {
      nama_lengkap: 'Dedi Kurniawan',
      nama_kecil: 'Dedi',
      gender: 'Laki-laki',
      departemen_id: PEMELIHARAAN,
      no_ktp: '3328042304870005',
      no_sim: '870423280518',
      tanggal_lahir: '1987-04-23',
      tanggal_gabung: '2015-01-05',
      telp: '081391234455',
      gmail: 'dedi.mekanik@gmail.com',
      alamat: 'Perum Griya Slawi Asri Blok C-7, Slawi',
      atas_nama: 'Dedi Kurniawan',
      norek: '2450678123',
      nama_bank: 'BCA',
    },
    {
      nama_lengkap: 'Sri Wahyuni',
      nama_kecil: 'Sri',
      gender: 'Perempuan',
      departemen_id: KEUANGAN,
      no_ktp: '3376015006920001',
      no_sim: null,
      tanggal_lahir: '1992-06-10',
      tanggal_gabung: '2017-03-01',
      telp: '081228904512',
      gmail: 'sri.wahyuni@gmail.com',
      alamat: 'Jl. Ahmad Yani No. 101, Kota Tegal',
      atas_nama: 'Sri Wahyuni',
      norek: '2451234567',
      nama_bank: 'BCA',
    },
    {
      nama_lengkap: 'Rina Marlina',
      nama_kecil: 'Rina',
      gender: 'Perempuan',
      departemen_id: KEUANGAN,
      no_ktp: '3376024409950002',
      no_sim: null,
      tanggal_lahir: '1995-09-04',
      tanggal_gabung: '2021-08-16',
      telp: '089612345098',
      gmail: 'rinamarlina95@gmail.com',
      alamat: 'Jl. Werkudoro No. 23, Tegal Timur',
      atas_nama: 'Rina Marlina',
      norek: '1390098765432',
      nama_bank: 'MANDIRI',
    },
    {
      nama_lengkap: 'Hendra Gunawan',
      nama_kecil: 'Hendra',
      gender: 'Laki-laki',
      departemen_id: GUDANG,
      no_ktp: '3328061507860006',
      no_sim: '860715280623',
      tanggal_lahir: '1986-07-15',
      tanggal_gabung: '2014-11-03',
      telp: '081575432190',
      gmail: 'hendra.gudang@gmail.com',
      alamat: 'Jl. Projosumarto II No. 5, Talang, Kab. Tegal',
      atas_nama: 'Hendra Gunawan',
      norek: '003301087654502',
      nama_bank: 'BRI',
    },
    {
      nama_lengkap: 'Eko Saputra',
      nama_kecil: 'Eko',
      gender: 'Laki-laki',
      departemen_id: GUDANG,
      no_ktp: '3329011012970007',
      no_sim: null,
      tanggal_lahir: '1997-12-10',
      tanggal_gabung: '2022-04-11',
      telp: '087830219876',
      gmail: null,
      alamat: 'Desa Pebatan RT 05/01, Wanasari, Brebes',
      atas_nama: 'Eko Saputra',
      norek: '0023456789012',
      nama_bank: 'BTN',
    },
    {
      nama_lengkap: 'Dewi Lestari',
      nama_kecil: 'Dewi',
      gender: 'Perempuan',
      departemen_id: PERSONALIA,
      no_ktp: '3376036203910003',
      no_sim: '910322760105',
      tanggal_lahir: '1991-03-22',
      tanggal_gabung: '2016-09-19',
      telp: '081390876543',
      gmail: 'dewi.lestari.hrd@gmail.com',
      alamat: 'Jl. Sipelem No. 17, Tegal Barat',
      atas_nama: 'Dewi Lestari',
      norek: '0798123456',
      nama_bank: 'BNI',
    },
    {
      nama_lengkap: 'Ahmad Fauzi',
      nama_kecil: 'Fauzi',
      gender: 'Laki-laki',
      departemen_id: PEMBELIAN,
      no_ktp: '3328070208890008',
      no_sim: '890802280734',
      tanggal_lahir: '1989-08-02',
      tanggal_gabung: '2018-10-01',
      telp: '085290112233',
      gmail: 'ahmadfauzi89@gmail.com',
      alamat: 'Jl. Raya Dampyak No. 9, Kramat, Kab. Tegal',
      atas_nama: 'Ahmad Fauzi',
      norek: '7123456789',
      nama_bank: 'SYARIAH',
    },
    {
      nama_lengkap: 'Yuni Astuti',
      nama_kecil: 'Yuni',
      gender: 'Perempuan',
      departemen_id: PEMBELIAN,
      no_ktp: '3376045106940004',
      no_sim: null,
      tanggal_lahir: '1994-06-11',
      tanggal_gabung: '2020-01-06',
      telp: '081931456780',
      gmail: 'yuni.astuti@gmail.com',
      alamat: 'Jl. Merpati No. 30, Margadana, Kota Tegal',
      atas_nama: 'Yuni Astuti',
      norek: '800123456700',
      nama_bank: 'CIMB NIAGA',
    },
    {
      nama_lengkap: 'Wahyu Hidayat',
      nama_kecil: 'Wahyu',
      gender: 'Laki-laki',
      departemen_id: PEMELIHARAAN,
      no_ktp: null,
      no_sim: '930614280849',
      tanggal_lahir: '1993-06-14',
      tanggal_gabung: '2023-02-01',
      telp: '082225678901',
      gmail: null,
      alamat: 'Desa Kalisoka RT 02/04, Dukuhwaru, Kab. Tegal',
      atas_nama: null,
      norek: null,
      nama_bank: null,
    },
  ]
  const karyawanId: Record<string, number> = {}
  for (const k of karyawan) {
    const kode = await nextCode(db, 'karyawan')
    karyawanId[k.nama_kecil] = (
      await db.q
        .insertInto('karyawan')
        .values({ kode_karyawan: kode, qrcode_karyawan: kode, ...k })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  }

  // ---- users and their grants -------------------------------------------------------------------
  // sri.keuangan and hendra.gudang can log in with 'demo12345'; the drivers and dewi.hrd have no password.
  const demoHash = hashPassword('demo12345')
  const users = [
    { kode_user: 'sri.keuangan', karyawan: 'Sri', nama_user: 'Sri Wahyuni', password_hash: demoHash },
    { kode_user: 'hendra.gudang', karyawan: 'Hendra', nama_user: 'Hendra Gunawan', password_hash: demoHash },
    { kode_user: 'dewi.hrd', karyawan: 'Dewi', nama_user: 'Dewi Lestari', password_hash: null },
    { kode_user: 'budi.driver', karyawan: 'Budi', nama_user: 'Budi Santoso', password_hash: null },
    { kode_user: 'agus.driver', karyawan: 'Agus', nama_user: 'Agus Setiawan', password_hash: null },
    { kode_user: 'slamet.driver', karyawan: 'Slamet', nama_user: 'Slamet Riyadi', password_hash: null },
    { kode_user: 'joko.driver', karyawan: 'Joko', nama_user: 'Joko Prasetyo', password_hash: null },
  ]
  const userId: Record<string, number> = {}
  for (const u of users) {
    const k = karyawan.find((x) => x.nama_kecil === u.karyawan)
    const kode = await nextCode(db, 'user')
    userId[u.kode_user] = (
      await db.q
        .insertInto('users')
        .values({
          qrcode_user: kode,
          kode_user: u.kode_user,
          karyawan_id: karyawanId[u.karyawan],
          nama_user: u.nama_user,
          telp: k?.telp ?? null,
          alamat: k?.alamat ?? null,
          password_hash: u.password_hash,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  }

  const featureId = async (route: string) =>
    (await db.q.selectFrom('menu_fitur').select('id').where('route', '=', route).executeTakeFirst())?.id
  const grant = async (kodeUser: string, route: string, flags: string[]) => {
    const id = await featureId(route)
    if (!id) return
    const permissions = Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, flags.includes(f) ? 1 : 0])) as Record<PermissionFlag, number>
    await db.q
      .insertInto('akses')
      .values({ user_id: userId[kodeUser], menu_fitur_id: id, active: 1, ...permissions })
      .execute()
  }
  const READ = ['can_show', 'can_search', 'can_print']
  const EDIT = ['can_create', 'can_update', 'can_delete', ...READ]
  const POSTING = ['can_posting', 'can_unpost', 'can_posting_all', 'can_unpost_all', ...READ]
  // Finance: inquiries with posting, the report, purchases read-only.
  await grant('sri.keuangan', '/admin/inquery-pembelian-ban', POSTING)
  await grant('sri.keuangan', '/admin/inquery-pemasangan-ban', POSTING)
  await grant('sri.keuangan', '/admin/inquery-klaim-ban', POSTING)
  await grant('sri.keuangan', '/admin/laporan-pembelian-ban', READ)
  await grant('sri.keuangan', '/admin/pembelian-ban', READ)
  await grant('sri.keuangan', '/admin/supplier', READ)
  // Warehouse: purchases and pemasangan, tyre master data.
  await grant('hendra.gudang', '/admin/pembelian-ban', EDIT)
  await grant('hendra.gudang', '/admin/pemasangan-ban', EDIT)
  await grant('hendra.gudang', '/admin/ukuran', EDIT)
  await grant('hendra.gudang', '/admin/merek', EDIT)
  await grant('hendra.gudang', '/admin/typban', EDIT)
  await grant('hendra.gudang', '/admin/kendaraan', READ)
  // The workshop's tyre stock, pelepasan and rotations.
  await grant('hendra.gudang', '/admin/ban', EDIT)
  await grant('hendra.gudang', '/admin/pelepasan-ban', EDIT)
  await grant('hendra.gudang', '/admin/rotasi-ban', EDIT)
  await grant('hendra.gudang', '/admin/klaim-ban', EDIT)
  await grant('hendra.gudang', '/admin/pemeriksaan-ban', [...EDIT, 'can_posting', 'can_unpost'])
  await grant('hendra.gudang', '/admin/laporan-pemeriksaan-ban', READ)
  // Personnel: employees and users.
  await grant('dewi.hrd', '/admin/karyawan', EDIT)
  await grant('dewi.hrd', '/admin/user', ['can_create', 'can_show', 'can_search'])
  await grant('dewi.hrd', '/admin/departemen', READ)

  // ---- supplier ---------------------------------------------------------------------------------
  const suppliers = [
    {
      nama_supp: 'PT Karya Ban Nusantara',
      nama_person: 'Hartono Wijaya',
      jabatan: 'Sales Manager',
      telp: '(024) 3581234',
      fax: '(024) 3581235',
      hp: '081325551234',
      gmail: 'karyabannusantara@gmail.com',
      email: 'sales@karyaban.co.id',
      npwp: '01.234.567.8-511.000',
      alamat: 'Jl. Kaligawe Raya No. 27, Semarang',
      atas_nama: 'PT Karya Ban Nusantara',
      norek: '1350098761234',
      nama_bank: 'MANDIRI',
    },
    {
      nama_supp: 'CV Sinar Roda Mandiri',
      nama_person: 'Rudy Hermawan',
      jabatan: 'Pemilik',
      telp: '(0283) 351276',
      fax: null,
      hp: '081228776655',
      gmail: 'sinarrodamandiri@gmail.com',
      email: null,
      npwp: '02.345.678.9-502.000',
      alamat: 'Jl. Kolonel Sugiono No. 63, Kota Tegal',
      atas_nama: 'CV Sinar Roda Mandiri',
      norek: '2460123987',
      nama_bank: 'BCA',
    },
    {
      nama_supp: 'PT Putra Ban Pantura',
      nama_person: 'Suharto',
      jabatan: 'Marketing',
      telp: '(0283) 671450',
      fax: '(0283) 671451',
      hp: '085226701122',
      gmail: 'putrabanpantura@gmail.com',
      email: 'order@putrabanpantura.co.id',
      npwp: '03.456.789.0-501.000',
      alamat: 'Jl. Raya Pantura Km 4, Brebes',
      atas_nama: 'PT Putra Ban Pantura',
      norek: '003401001234567',
      nama_bank: 'BRI',
    },
    {
      nama_supp: 'UD Jaya Vulkanisir',
      nama_person: 'Taufik Hidayat',
      jabatan: 'Pemilik',
      telp: '(0284) 321889',
      fax: null,
      hp: '081390443322',
      gmail: 'jayavulkanisir.pml@gmail.com',
      email: null,
      npwp: '04.567.890.1-503.000',
      alamat: 'Jl. Jend. Sudirman Timur No. 140, Pemalang',
      atas_nama: 'Taufik Hidayat',
      norek: '0823456712',
      nama_bank: 'BNI',
    },
    {
      nama_supp: 'PT Indo Tyre Utama',
      nama_person: 'Linda Kusuma',
      jabatan: 'Account Executive',
      telp: '(031) 7491122',
      fax: '(031) 7491123',
      hp: '081231119988',
      gmail: 'indotyreutama@gmail.com',
      email: 'linda@indotyre.co.id',
      npwp: '05.678.901.2-609.000',
      alamat: 'Jl. Margomulyo Indah Blok B-12, Surabaya',
      atas_nama: 'PT Indo Tyre Utama',
      norek: '704123456789',
      nama_bank: 'PERMATA',
    },
    {
      nama_supp: 'CV Anugrah Ban Slawi',
      nama_person: 'Imam Santosa',
      jabatan: 'Kepala Toko',
      telp: '(0283) 491357',
      fax: null,
      hp: '087733129090',
      gmail: 'anugrahbanslawi@gmail.com',
      email: null,
      npwp: '06.789.012.3-502.000',
      alamat: 'Jl. Dr. Soetomo No. 31, Slawi, Kab. Tegal',
      atas_nama: 'CV Anugrah Ban Slawi',
      norek: '0123456789012',
      nama_bank: 'DANAMON',
    },
  ]
  for (const s of suppliers) {
    const kode = await nextCode(db, 'supplier')
    await db.q
      .insertInto('supplier')
      .values({ kode_supplier: kode, qrcode_supplier: kode, ...s, departemen_id: PEMBELIAN })
      .execute()
  }

  // ---- tyre sizes, brands, types; golongan ----------------------------------------------------------
  for (const nama of ['1000-20', '11R22.5', '295/80R22.5', '275/70R22.5', '7.50-16', '215/75R17.5', '12R22.5', '900-20']) {
    const kode = await nextCode(db, 'ukuran')
    await db.q.insertInto('ukuran').values({ kode_ukuran_ban: kode, qrcode_ukuran: kode, nama }).execute()
  }
  for (const nama_merek of ['Bridgestone', 'GT Radial', 'Dunlop', 'Michelin', 'Goodyear', 'Swallow']) {
    const kode = await nextCode(db, 'merek')
    await db.q.insertInto('merek').values({ kode_merek: kode, qrcode_merek: kode, nama_merek }).execute()
  }
  for (const nama_type of ['Radial', 'Bias', 'Tubeless', 'Tube Type']) {
    const kode = await nextCode(db, 'typeban')
    await db.q.insertInto('typeban').values({ kode_type: kode, qrcode_type: kode, nama_type }).execute()
  }
  const golonganId: Record<string, number> = {}
  for (const nama_golongan of ['Golongan I', 'Golongan II', 'Golongan III', 'Golongan IV', 'Golongan V']) {
    const kode = await nextCode(db, 'golongan')
    golonganId[nama_golongan] = (
      await db.q
        .insertInto('golongan')
        .values({ kode_golongan: kode, qrcode_golongan: kode, nama_golongan })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  }

  // ---- vehicle types (dimensions in metres) -----------------------------------------------------------
  const jenis = [
    { nama_jenis_kendaraan: 'Colt Diesel Engkel 6 Ban', panjang: 5.9, lebar: 2.0, tinggi: 2.2, total_ban: 6 },
    { nama_jenis_kendaraan: 'Fuso Box 6 Ban', panjang: 7.6, lebar: 2.4, tinggi: 3.1, total_ban: 6 },
    { nama_jenis_kendaraan: 'Tronton Wingbox 10 Ban', panjang: 11.8, lebar: 2.5, tinggi: 3.9, total_ban: 10 },
    { nama_jenis_kendaraan: 'Trailer 18 Ban', panjang: 16.5, lebar: 2.5, tinggi: 4.0, total_ban: 18 },
    { nama_jenis_kendaraan: 'Trailer 22 Ban', panjang: 18.0, lebar: 2.5, tinggi: 4.1, total_ban: 22 },
  ]
  const jenisId: number[] = []
  for (const j of jenis) {
    const kode = await nextCode(db, 'jenis_kendaraan')
    jenisId.push(
      (
        await db.q
          .insertInto('jenis_kendaraan')
          .values({ kode_jenis_kendaraan: kode, qrcode_jenis_kendaraan: kode, ...j })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  }
  const [CDE, FUSO, TRONTON, TRAILER18, TRAILER22] = jenisId
  const golonganOf = (jenisKendaraanId: number) =>
    jenisKendaraanId === TRONTON
      ? golonganId['Golongan III']
      : jenisKendaraanId === CDE || jenisKendaraanId === FUSO
        ? golonganId['Golongan II']
        : golonganId['Golongan V']

  // ---- vehicles -------------------------------------------------------------------------------------
  // expired_kir (every 6 months) and expired_stnk (yearly) fall within the coming year from today;
  // a few within 30 days and two already past (K-103's STNK, K-301's KIR), so a fresh start has
  // documents due on the dashboard and the Jatuh Tempo list.
  const kendaraan = [
    {
      no_kabin: 'K-101',
      no_pol: 'G 1234 AB',
      jenis: CDE,
      warna: 'Kuning',
      km: 128450,
      kir: 24,
      stnk: 140,
      driver: 'budi.driver',
      no_rangka: 'MHMFE71P1JK012345',
      no_mesin: '4D34TJ12345',
      gpsid: '860123450001',
      list_vehicle_id: '10231',
    },
    {
      no_kabin: 'K-102',
      no_pol: 'G 1456 AC',
      jenis: CDE,
      warna: 'Putih',
      km: 96210,
      kir: 75,
      stnk: 300,
      driver: null,
      no_rangka: 'MHMFE71P1KK023456',
      no_mesin: '4D34TK23456',
      gpsid: '860123450002',
      list_vehicle_id: '10232',
    },
    {
      no_kabin: 'K-103',
      no_pol: 'G 1789 BD',
      jenis: CDE,
      warna: 'Hijau',
      km: 187340,
      kir: 160,
      // Past due (the dashboard and Jatuh Tempo show it as 'lewat 9 hari').
      stnk: -9,
      driver: null,
      no_rangka: 'MHMFE71P1HK034567',
      no_mesin: '4D34TH34567',
      gpsid: null,
      list_vehicle_id: null,
    },
    {
      no_kabin: 'K-201',
      no_pol: 'G 8012 CE',
      jenis: FUSO,
      warna: 'Biru',
      km: 154820,
      kir: 52,
      stnk: 210,
      driver: 'agus.driver',
      no_rangka: 'MHMFM517FKK045678',
      no_mesin: '6D16TK45678',
      gpsid: '860123450003',
      list_vehicle_id: '10233',
    },
    {
      no_kabin: 'K-202',
      no_pol: 'H 8345 KL',
      jenis: FUSO,
      warna: 'Merah',
      km: 201560,
      kir: 110,
      stnk: 95,
      driver: null,
      no_rangka: 'MHMFM517FJK056789',
      no_mesin: '6D16TJ56789',
      gpsid: '860123450004',
      list_vehicle_id: '10234',
    },
    {
      no_kabin: 'K-203',
      no_pol: 'G 8567 DF',
      jenis: FUSO,
      warna: 'Silver',
      km: 88930,
      kir: 170,
      stnk: 330,
      driver: null,
      no_rangka: 'MHMFM517FLK067890',
      no_mesin: '6D16TL67890',
      gpsid: null,
      list_vehicle_id: '10235',
    },
    {
      no_kabin: 'K-301',
      no_pol: 'G 9012 EG',
      jenis: TRONTON,
      warna: 'Hijau',
      km: 312450,
      // Past due.
      kir: -4,
      stnk: 60,
      driver: 'slamet.driver',
      no_rangka: 'MJEFM8JNLKJ078901',
      no_mesin: 'J08EUFJ78901',
      gpsid: '860123450005',
      list_vehicle_id: '10236',
    },
    {
      no_kabin: 'K-302',
      no_pol: 'G 9234 FH',
      jenis: TRONTON,
      warna: 'Orange',
      km: 276880,
      kir: 98,
      stnk: 185,
      driver: null,
      no_rangka: 'MJEFM8JNLJJ089012',
      no_mesin: 'J08EUFJ89012',
      gpsid: '860123450006',
      list_vehicle_id: '10237',
    },
    {
      no_kabin: 'K-303',
      no_pol: 'B 9456 TYA',
      jenis: TRONTON,
      warna: 'Putih',
      km: 405120,
      kir: 140,
      stnk: 250,
      driver: null,
      no_rangka: 'MJEFM8JNLGJ090123',
      no_mesin: 'J08EUFJ90123',
      gpsid: '860123450007',
      list_vehicle_id: '10238',
    },
    {
      no_kabin: 'K-304',
      no_pol: 'G 9678 GJ',
      jenis: TRONTON,
      warna: 'Kuning',
      km: 251300,
      kir: 33,
      stnk: 120,
      driver: null,
      no_rangka: 'MJEFM8JNLMJ001234',
      no_mesin: 'J08EUFJ01234',
      gpsid: null,
      list_vehicle_id: null,
    },
    {
      no_kabin: 'K-401',
      no_pol: 'G 1890 HK',
      jenis: TRAILER18,
      warna: 'Biru',
      km: 468700,
      kir: 66,
      stnk: 20,
      driver: 'joko.driver',
      no_rangka: 'MHFKC1JU0KK112345',
      no_mesin: 'E13CTK12345',
      gpsid: '860123450008',
      list_vehicle_id: '10239',
    },
    {
      no_kabin: 'K-402',
      no_pol: 'H 1923 PQ',
      jenis: TRAILER18,
      warna: 'Merah',
      km: 392150,
      kir: 125,
      stnk: 275,
      driver: null,
      no_rangka: 'MHFKC1JU0JK123456',
      no_mesin: 'E13CTJ23456',
      gpsid: '860123450009',
      list_vehicle_id: '10240',
    },
    {
      no_kabin: 'K-403',
      no_pol: 'G 1956 JL',
      jenis: TRAILER18,
      warna: 'Hitam',
      km: 534980,
      kir: 150,
      stnk: 350,
      driver: null,
      no_rangka: 'MHFKC1JU0HK134567',
      no_mesin: 'E13CTH34567',
      gpsid: '860123450010',
      list_vehicle_id: '10241',
    },
    {
      no_kabin: 'K-501',
      no_pol: 'G 1077 KM',
      jenis: TRAILER22,
      warna: 'Putih',
      km: 612340,
      kir: 40,
      stnk: 160,
      driver: null,
      no_rangka: 'MHFKC1JU0GK145678',
      no_mesin: 'E13CTG45678',
      gpsid: '860123450011',
      list_vehicle_id: '10242',
    },
    {
      no_kabin: 'K-502',
      no_pol: 'B 9901 UIW',
      jenis: TRAILER22,
      warna: 'Silver',
      km: 355600,
      kir: 85,
      stnk: 230,
      driver: null,
      no_rangka: 'MHFKC1JU0LK156789',
      no_mesin: 'E13CTL56789',
      gpsid: '860123450012',
      list_vehicle_id: '10243',
    },
    {
      no_kabin: 'K-503',
      no_pol: 'G 1099 LN',
      jenis: TRAILER22,
      warna: 'Cokelat',
      km: 498020,
      kir: 175,
      stnk: 90,
      driver: null,
      no_rangka: 'MHFKC1JU0KK167890',
      no_mesin: 'E13CTK67890',
      gpsid: null,
      list_vehicle_id: '10244',
    },
  ]
  for (const v of kendaraan) {
    const kode = await nextCode(db, 'kendaraan')
    await db.q
      .insertInto('kendaraan')
      .values({
        kode_kendaraan: kode,
        qrcode_kendaraan: kode,
        gpsid: v.gpsid,
        list_vehicle_id: v.list_vehicle_id,
        no_kabin: v.no_kabin,
        no_pol: v.no_pol,
        no_rangka: v.no_rangka,
        no_mesin: v.no_mesin,
        jenis_kendaraan_id: v.jenis,
        warna: v.warna,
        expired_kir: daysFromToday(v.kir),
        expired_stnk: daysFromToday(v.stnk),
        golongan_id: golonganOf(v.jenis),
        user_id: v.driver ? userId[v.driver] : null,
        km: v.km,
      })
      .execute()
  }
}

type PermissionFlag = (typeof PERMISSION_FLAGS)[number]

function daysFromToday(days: number): string {
  const d = new Date()
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
