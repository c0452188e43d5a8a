/**
 * The system settings' descriptions in en, ms and zh (`setting.<Key>.description`:
 * system-setting-text.tsx), brought by the /system-setting screen rather than the entry chunk:
 * only that screen shows them (first-load budgets).
 */
import { addScreenTexts } from '../../../i18n/index.ts';

const en = {
  'setting.SESSION_IDLE_MINUTES.description': 'A session idle for longer than this many minutes ends, and the user must sign in again.',
  'setting.LOCKOUT_THRESHOLD.description': 'Failed sign-ins in a row that lock an account.',
  'setting.LOCKOUT_MINUTES.description': 'How long a locked account stays locked, in minutes.',
  'setting.PASSWORD_MIN_LENGTH.description': 'Minimum length of a new password.',
  'setting.PASSWORD_REQUIRE_SYMBOL.description': 'Whether a new password must contain a character that is neither a letter nor a digit.',
  'setting.PRODUCT_NAME.description': 'The product name shown in the portal\'s title and on the sign-in page.',
  'setting.IP_LOOKUP_V4_URL.description': 'Where the browser asks for its public IPv4 address; tried first.',
  'setting.IP_LOOKUP_V6_URL.description': 'Where the browser asks for its public IPv6 address; tried second.',
  'setting.COUNTRY_SERVICE_URL.description': 'The country service that lists states and cities.',
  'setting.POS_URL.description': 'The external point-of-sale site opened from Services; empty hides the entry.',
  'setting.EXPORT_MAX_CONCURRENT.description': 'Exports (XLSX or CSV) one user may run at the same time; one more is refused.',
  'setting.EXPORT_MAX_ROWS.description': 'Most rows one export may hold; a larger one is refused before it starts, asking to narrow the filter.',
  'setting.REFUND_EXPIRY_DAYS.description': 'Days a refund request may stay pending; older pending requests expire.',
  'setting.TXN_PENDING_MINUTES.description': 'Minutes a transaction may stay pending before the pending-transaction log lists it.',
  'setting.LOG_FILE_MAX_MB.description': 'Largest terminal log file accepted, in MB (after gzip is undone); a larger upload is refused.',
  'setting.LOG_RETENTION_DAYS_PAYMENT.description': 'Days the payment log (calls to providers and merchants) is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_MOBILE.description': 'Days the mobile log is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_PORTAL.description': 'Days the portal log (every request) is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_SCHEDULER.description': 'Days the scheduler log (every job run) is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_TERMINAL.description': 'Days the terminal log is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_MASTER_DEVICES_API.description': 'Days the master devices API log is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_TXN_RESP_PENDING.description': 'Days the pending online transaction log is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_TXN_TERMINAL_PENDING.description': 'Days the pending terminal transaction log is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_CARD_RECEIPT_UPLOAD.description': 'Days the card receipt upload log is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_TERMINAL_ERECEIPT_UPLOAD.description': 'Days the terminal e-receipt upload log is kept; older days are deleted.',
  'setting.LOG_RETENTION_DAYS_MASTER_TERMINAL.description': 'Days the master terminal log files is kept; older days are deleted.',
};

const ms = {
  'setting.SESSION_IDLE_MINUTES.description': 'Sesi yang tidak aktif melebihi bilangan minit ini akan tamat, dan pengguna perlu log masuk semula.',
  'setting.LOCKOUT_THRESHOLD.description': 'Bilangan log masuk gagal berturut-turut yang mengunci akaun.',
  'setting.LOCKOUT_MINUTES.description': 'Tempoh akaun kekal dikunci, dalam minit.',
  'setting.PASSWORD_MIN_LENGTH.description': 'Panjang minimum kata laluan baharu.',
  'setting.PASSWORD_REQUIRE_SYMBOL.description': 'Sama ada kata laluan baharu mesti mengandungi aksara yang bukan huruf dan bukan digit.',
  'setting.PRODUCT_NAME.description': 'Nama produk yang dipaparkan pada tajuk portal dan halaman log masuk.',
  'setting.IP_LOOKUP_V4_URL.description': 'Alamat yang ditanya oleh pelayar untuk mendapatkan alamat IPv4 awamnya; dicuba dahulu.',
  'setting.IP_LOOKUP_V6_URL.description': 'Alamat yang ditanya oleh pelayar untuk mendapatkan alamat IPv6 awamnya; dicuba kemudian.',
  'setting.COUNTRY_SERVICE_URL.description': 'Perkhidmatan negara yang menyenaraikan negeri dan bandar.',
  'setting.POS_URL.description': 'Laman tempat jualan luaran yang dibuka dari menu Perkhidmatan; jika kosong, entri ini disembunyikan.',
  'setting.EXPORT_MAX_CONCURRENT.description': 'Bilangan eksport (XLSX atau CSV) yang boleh dijalankan serentak oleh seorang pengguna; eksport tambahan ditolak.',
  'setting.EXPORT_MAX_ROWS.description': 'Bilangan baris maksimum bagi satu eksport; eksport yang lebih besar ditolak sebelum bermula dan pengguna diminta mengecilkan penapis.',
  'setting.REFUND_EXPIRY_DAYS.description': 'Bilangan hari permintaan bayaran balik boleh kekal belum selesai; permintaan yang lebih lama akan luput.',
  'setting.TXN_PENDING_MINUTES.description': 'Minit sesuatu transaksi boleh kekal belum selesai sebelum log transaksi belum selesai menyenaraikannya.',
  'setting.LOG_FILE_MAX_MB.description': 'Fail log terminal terbesar yang diterima, dalam MB (selepas gzip dinyahmampat); muat naik yang lebih besar ditolak.',
  'setting.LOG_RETENTION_DAYS_PAYMENT.description': 'Bilangan hari log pembayaran (panggilan kepada penyedia dan peniaga) disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_MOBILE.description': 'Bilangan hari log mudah alih disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_PORTAL.description': 'Bilangan hari log portal (setiap permintaan) disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_SCHEDULER.description': 'Bilangan hari log penjadual (setiap larian tugas) disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_TERMINAL.description': 'Bilangan hari log terminal disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_MASTER_DEVICES_API.description': 'Bilangan hari log API peranti induk disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_TXN_RESP_PENDING.description': 'Bilangan hari log transaksi dalam talian belum selesai disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_TXN_TERMINAL_PENDING.description': 'Bilangan hari log transaksi terminal belum selesai disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_CARD_RECEIPT_UPLOAD.description': 'Bilangan hari log muat naik resit kad disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_TERMINAL_ERECEIPT_UPLOAD.description': 'Bilangan hari log muat naik e-resit terminal disimpan; hari yang lebih lama dipadam.',
  'setting.LOG_RETENTION_DAYS_MASTER_TERMINAL.description': 'Bilangan hari fail log terminal induk disimpan; hari yang lebih lama dipadam.',
};

const zh = {
  'setting.SESSION_IDLE_MINUTES.description': '会话闲置超过此分钟数即结束，用户须重新登录。',
  'setting.LOCKOUT_THRESHOLD.description': '连续登录失败达到此次数即锁定账户。',
  'setting.LOCKOUT_MINUTES.description': '账户被锁定的时长（分钟）。',
  'setting.PASSWORD_MIN_LENGTH.description': '新密码的最短长度。',
  'setting.PASSWORD_REQUIRE_SYMBOL.description': '新密码是否须包含至少一个既非字母也非数字的字符。',
  'setting.PRODUCT_NAME.description': '显示在门户标题和登录页上的产品名称。',
  'setting.IP_LOOKUP_V4_URL.description': '浏览器查询其公网 IPv4 地址的服务，优先使用。',
  'setting.IP_LOOKUP_V6_URL.description': '浏览器查询其公网 IPv6 地址的服务，其次使用。',
  'setting.COUNTRY_SERVICE_URL.description': '提供州属与城市列表的国家服务。',
  'setting.POS_URL.description': '从“服务”菜单打开的外部销售终端网站；留空则隐藏该入口。',
  'setting.EXPORT_MAX_CONCURRENT.description': '每位用户可同时进行的导出（XLSX 或 CSV）数量；超出则拒绝。',
  'setting.EXPORT_MAX_ROWS.description': '单次导出的最大行数；超出时在开始前即拒绝，并提示缩小筛选范围。',
  'setting.REFUND_EXPIRY_DAYS.description': '退款申请可保持待处理状态的天数；超过期限的待处理申请将自动过期。',
  'setting.TXN_PENDING_MINUTES.description': '交易保持待处理状态超过此分钟数后，将列入待处理交易日志。',
  'setting.LOG_FILE_MAX_MB.description': '可接受的终端日志文件上限（MB，按 gzip 解压后计算）；更大的上传将被拒绝。',
  'setting.LOG_RETENTION_DAYS_PAYMENT.description': '支付日志（对服务商和商户的调用）的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_MOBILE.description': '移动端日志的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_PORTAL.description': '门户日志（每个请求）的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_SCHEDULER.description': '调度日志（每次任务运行）的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_TERMINAL.description': '终端日志的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_MASTER_DEVICES_API.description': '主设备 API 日志的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_TXN_RESP_PENDING.description': '待处理在线交易日志的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_TXN_TERMINAL_PENDING.description': '待处理终端交易日志的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_CARD_RECEIPT_UPLOAD.description': '银行卡收据上传日志的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_TERMINAL_ERECEIPT_UPLOAD.description': '终端电子收据上传日志的保留天数；更早的日期将被删除。',
  'setting.LOG_RETENTION_DAYS_MASTER_TERMINAL.description': '主终端日志文件的保留天数；更早的日期将被删除。',
};

export const SETTING_TEXTS = { en, ms, zh };

addScreenTexts(SETTING_TEXTS);
