/**
 * The font stack of the whole UI (antd theme token `fontFamily`): the system UI fonts for Latin
 * text (English, Bahasa Melayu), then fonts that carry Simplified Chinese glyphs on each platform
 * (macOS/iOS PingFang SC and Hiragino Sans GB, Windows Microsoft YaHei, Linux/Android Noto Sans CJK
 * SC or Source Han Sans SC), then emoji fonts, so 简体中文 never falls back to a serif or tofu.
 * Latin fonts come first: a CJK font first would draw Latin digits and letters with its own
 * (wider) Latin glyphs.
 */
export const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Source Han Sans SC"',
  '"WenQuanYi Micro Hei"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Noto Color Emoji"',
].join(', ');
