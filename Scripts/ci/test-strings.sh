#!/usr/bin/env bash
# strings export/import read by the real consumers (docs/translation.md): GNU gettext's msgfmt and
# translate-toolkit (Debian's gettext and translate-toolkit). Every PO file passes
# `msgfmt --check-format --check`; pocount reads every PO and XLIFF file and counts the same units
# in both; pofilter finds no placeholder or bracket problem in the translated units; po2xliff and
# xliff2po convert them.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in msgfmt pocount pofilter po2xliff xliff2po; do
  command -v "$tool" >/dev/null || { echo "test-strings: no $tool (apt-get install gettext translate-toolkit)" >&2; exit 1; }
done
swift build --product customer-center >/dev/null
bin="$PWD/.build/debug/customer-center"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The configs: the shipped examples, init's 32 locales, and one with every state a unit can be in
# (missing, falling back to its language, empty), a placeholder, a line break, quotes and markup.
"$bin" init -o "$work/init.json" 2>/dev/null
python3 - "$work/init.json" "$work/states.json" <<'EOF'
import json, sys
config = json.load(open(sys.argv[1]))
strings = config["localization"]["localized_strings"]
config["localization"]["supported"] = ["en", "de", "pt", "pt-BR", "zh-Hant", "ja"]
for key, texts in strings.items():
    strings[key] = {locale: text for locale, text in texts.items() if locale in ("en", "de", "pt", "zh-Hant")}
strings["path_cancel"]["en"] = "Cancel for {{ price }}\n\"now\" & <b>later</b>"
strings["path_cancel"]["de"] = "Kündigen für {{ price }}\n\"jetzt\" & <b>später</b>"
strings["path_cancel"]["pt"] = "Cancelar por {{ price }}\n\"agora\" & <b>depois</b>"
strings["path_cancel"]["zh-Hant"] = "以 {{ price }} 取消\n「現在」& <b>以後</b>"
strings["path_refund"]["de"] = ""
json.dump(config, open(sys.argv[2], "w"), ensure_ascii=False, indent=2)
EOF
configs=(Examples/customer_center.json Examples/long_title.json "$work/init.json" "$work/states.json")

files=0
for config in "${configs[@]}"; do
  name="$(basename "$config" .json)"
  for format in po xliff; do
    "$bin" strings export --format "$format" --out-dir "$work/$name/$format" "$config" 2>/dev/null
  done
  for po in "$work/$name/po/"*.po; do
    locale="$(basename "$po" .po)"
    xlf="$work/$name/xliff/$locale.xlf"
    # gettext: no warning at all, not only no error.
    msgfmt --check-format --check -o /dev/null "$po" 2> "$work/msgfmt.txt" || { cat "$work/msgfmt.txt"; echo "test-strings: msgfmt refused $po" >&2; exit 1; }
    [ ! -s "$work/msgfmt.txt" ] || { cat "$work/msgfmt.txt"; echo "test-strings: msgfmt warned about $po" >&2; exit 1; }
    # translate-toolkit: the same translated / fuzzy / untranslated counts in both formats.
    po_counts="$(pocount --csv "$po" 2>/dev/null | tail -n 1 | cut -d, -f2-)"
    xlf_counts="$(pocount --csv "$xlf" 2>/dev/null | tail -n 1 | cut -d, -f2-)"
    [ "$po_counts" = "$xlf_counts" ] || { echo "test-strings: pocount differs for $locale of $name: PO $po_counts, XLIFF $xlf_counts" >&2; exit 1; }
    # Placeholders, brackets and XML tags of each translated unit agree with its source.
    # (pofilter writes the units that fail a test; no file, or one without units, is a pass.)
    rm -f "$work/filtered.po"
    pofilter --progress=none --test=brackets --test=variables --test=xmltags "$po" "$work/filtered.po"
    [ ! -e "$work/filtered.po" ] || ! grep -q '^msgctxt' "$work/filtered.po" || { cat "$work/filtered.po"; echo "test-strings: pofilter found problems in $po" >&2; exit 1; }
    # The converters read both.
    po2xliff --progress=none "$po" "$work/converted.xlf"
    xliff2po --progress=none "$xlf" "$work/converted.po"
    [ "$(grep -c '^msgid' "$work/converted.po")" -eq "$(grep -c '^msgid' "$po")" ] \
      || { echo "test-strings: xliff2po lost units of $xlf" >&2; exit 1; }
    files=$((files + 2))
  done
done

# pofilter's checks are live: a dropped placeholder is found.
sed 's/^msgstr "Bleib noch einen Monat für {{ price }}."$/msgstr "Bleib noch einen Monat für price."/' \
  "$work/customer_center/po/de.po" > "$work/dropped.po"
rm -f "$work/filtered.po"
pofilter --progress=none --test=brackets --test=variables "$work/dropped.po" "$work/filtered.po"
grep -q '^msgctxt "cancel_offer_subtitle"' "$work/filtered.po" || { echo "test-strings: pofilter missed a dropped placeholder" >&2; exit 1; }

# The unit states survive: in states.json, pt-BR falls back to pt (fuzzy), ja has nothing.
pocount --csv "$work/states/po/pt-BR.po" 2>/dev/null | tail -n 1 | grep -q '^[^,]*, *0, *0, *0, *13,' \
  || { pocount --csv "$work/states/po/pt-BR.po"; echo "test-strings: pt-BR should be 13 fuzzy units" >&2; exit 1; }
grep -q 'state="needs-translation"' "$work/states/xliff/ja.xlf" || { echo "test-strings: ja should need translation" >&2; exit 1; }
echo "strings: $files files exported from ${#configs[@]} configs, read by msgfmt, pocount, pofilter, po2xliff and xliff2po: ok"
