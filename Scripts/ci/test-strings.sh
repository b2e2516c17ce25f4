#!/usr/bin/env bash
# strings export/import read by the real consumers (docs/translation.md): GNU gettext's msgfmt and
# translate-toolkit (Debian's gettext and translate-toolkit). Every PO file passes
# `msgfmt --check-format --check`; pocount reads every PO and XLIFF file and counts the same units
# in both; pofilter finds no placeholder or bracket problem in the translated units; po2xliff and
# xliff2po convert them.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in msgfmt msgcat msgmerge pocount pofilter podebug po2xliff xliff2po; do
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

# translate-toolkit's tools each start a Python interpreter (0.1 to 0.4 s): each runs once over a
# config's folder of files (pocount over many files, the others with -i DIR -o DIR), not once a
# file; every file is still read, counted, filtered and converted on its own.
files=0
for config in "${configs[@]}"; do
  name="$(basename "$config" .json)"
  for format in po xliff; do
    "$bin" strings export --format "$format" --out-dir "$work/$name/$format" "$config" 2>/dev/null
  done
  for po in "$work/$name/po/"*.po; do
    # gettext: no warning at all, not only no error.
    msgfmt --check-format --check -o /dev/null "$po" 2> "$work/msgfmt.txt" || { cat "$work/msgfmt.txt"; echo "test-strings: msgfmt refused $po" >&2; exit 1; }
    [ ! -s "$work/msgfmt.txt" ] || { cat "$work/msgfmt.txt"; echo "test-strings: msgfmt warned about $po" >&2; exit 1; }
  done
  # translate-toolkit: the same translated / fuzzy / untranslated counts in both formats (one
  # CSV line a file: name, then the counts). pocount ends the row of an XLIFF file with units to
  # review early, without its line break, on an error of its own ('reviewsourdcewords', printed
  # as an ERROR), and goes on with the next file: each row starts a line at its file's name.
  pocount --csv "$work/$name/po/"*.po "$work/$name/xliff/"*.xlf 2>/dev/null | tail -n +2 \
    | sed "s|\(.\)$work/|\1\n$work/|g" > "$work/counts.csv"
  # Placeholders, brackets and XML tags of each translated unit agree with its source.
  # (pofilter writes the units that fail a test; no file, or one without units, is a pass.)
  rm -rf "$work/filtered"
  pofilter --progress=none --test=brackets --test=variables --test=xmltags -i "$work/$name/po" -o "$work/filtered" 2>/dev/null
  # The converters read both (kept: the imports below read what they wrote). po2xliff names its
  # files .xliff: renamed .xlf, as export names them.
  rm -rf "$work/$name/converted" && mkdir "$work/$name/converted"
  po2xliff --progress=none -i "$work/$name/po" -o "$work/$name/converted" 2>/dev/null
  xliff2po --progress=none -i "$work/$name/xliff" -o "$work/$name/converted" 2>/dev/null
  for xliff in "$work/$name/converted/"*.xliff; do [ -e "$xliff" ] && mv "$xliff" "${xliff%.xliff}.xlf"; done
  for po in "$work/$name/po/"*.po; do
    locale="$(basename "$po" .po)"
    xlf="$work/$name/xliff/$locale.xlf"
    po_counts="$(grep -F "$po," "$work/counts.csv" | cut -d, -f2-)"
    xlf_counts="$(grep -F "$xlf," "$work/counts.csv" | cut -d, -f2-)"
    [ -n "$po_counts" ] || { cat "$work/counts.csv"; echo "test-strings: pocount did not count $po" >&2; exit 1; }
    [ "$po_counts" = "$xlf_counts" ] || { echo "test-strings: pocount differs for $locale of $name: PO $po_counts, XLIFF $xlf_counts" >&2; exit 1; }
    filtered="$work/filtered/$locale.po"
    [ ! -e "$filtered" ] || ! grep -q '^msgctxt' "$filtered" || { cat "$filtered"; echo "test-strings: pofilter found problems in $po" >&2; exit 1; }
    [ -s "$work/$name/converted/$locale.xlf" ] || { echo "test-strings: po2xliff did not convert $po" >&2; exit 1; }
    [ "$(grep -c '^msgid' "$work/$name/converted/$locale.po")" -eq "$(grep -c '^msgid' "$po")" ] \
      || { echo "test-strings: xliff2po lost units of $xlf" >&2; exit 1; }
    files=$((files + 2))
  done
  # Nothing filtered, converted or counted beyond the exported files.
  [ "$(ls "$work/$name/converted" | wc -l)" -eq "$(( $(ls "$work/$name/po" | wc -l) * 2 ))" ] \
    || { ls "$work/$name/converted"; echo "test-strings: the converters did not write one file for each exported file of $name" >&2; exit 1; }
done

# pofilter's checks are live: a dropped placeholder is found (states.json's path_cancel has one;
# the shipped examples no longer put placeholders in texts the SDKs show as written).
grep -q 'Kündigen für {{ price }}' "$work/states/po/de.po" || { echo "test-strings: states.json's German path_cancel has no placeholder to drop" >&2; exit 1; }
sed 's/Kündigen für {{ price }}/Kündigen für price/' "$work/states/po/de.po" > "$work/dropped.po"
rm -f "$work/filtered.po"
pofilter --progress=none --test=brackets --test=variables "$work/dropped.po" "$work/filtered.po"
grep -q '^msgctxt "path_cancel"' "$work/filtered.po" || { echo "test-strings: pofilter missed a dropped placeholder" >&2; exit 1; }

# The unit states survive: in states.json, pt-BR falls back to pt (fuzzy), ja has nothing.
pocount --csv "$work/states/po/pt-BR.po" 2>/dev/null | tail -n 1 | grep -q '^[^,]*, *0, *0, *0, *13,' \
  || { pocount --csv "$work/states/po/pt-BR.po"; echo "test-strings: pt-BR should be 13 fuzzy units" >&2; exit 1; }
grep -q 'state="needs-translation"' "$work/states/xliff/ja.xlf" || { echo "test-strings: ja should need translation" >&2; exit 1; }
# strings import: the unchanged files change nothing (byte-identical config, exit 0), in both
# formats, and so do translate-toolkit's conversions of them (po2xliff numbers its units and drops
# msgctxt: import matches them by source text and line; xliff2po keeps the ids as msgctxt).
imports=0
for config in "${configs[@]}"; do
  name="$(basename "$config" .json)"
  for format in po xliff; do
    cp "$config" "$work/copy.json"
    "$bin" strings import "$work/copy.json" "$work/$name/$format/"* 2>"$work/import.txt" \
      || { cat "$work/import.txt"; echo "test-strings: importing the unchanged $format files of $name failed" >&2; exit 1; }
    cmp -s "$config" "$work/copy.json" || { echo "test-strings: importing the unchanged $format files changed $name" >&2; exit 1; }
    imports=$((imports + 1))
  done
  for converted in "$work/$name/converted/"*; do
    cp "$config" "$work/copy.json"
    "$bin" strings import "$work/copy.json" "$converted" 2>"$work/import.txt" \
      || { cat "$work/import.txt"; echo "test-strings: importing $(basename "$converted") (converted by translate-toolkit) for $name failed" >&2; exit 1; }
    cmp -s "$config" "$work/copy.json" || { echo "test-strings: importing converted $(basename "$converted") changed $name" >&2; exit 1; }
    imports=$((imports + 1))
  done
done

# A translation made in the PO file imports to the same bytes from the PO file and from what
# po2xliff makes of it: exactly that string changes.
sed 's/^msgstr "Zu teuer"$/msgstr "Viel zu teuer"/' "$work/customer_center/po/de.po" > "$work/translated.po"
po2xliff --progress=none "$work/translated.po" "$work/translated.xlf"
for translated in "$work/translated.po" "$work/translated.xlf"; do
  cp Examples/customer_center.json "$work/$(basename "$translated").json"
  "$bin" strings import "$work/$(basename "$translated").json" "$translated" 2>/dev/null \
    || { echo "test-strings: importing $(basename "$translated") failed" >&2; exit 1; }
done
cmp -s "$work/translated.po.json" "$work/translated.xlf.json" || { echo "test-strings: po2xliff's XLIFF imported differently from its PO" >&2; exit 1; }
[ "$(diff Examples/customer_center.json "$work/translated.po.json" | grep -c '^[<>]')" = 2 ] \
  && grep -q '"de": "Viel zu teuer",' "$work/translated.po.json" \
  || { diff Examples/customer_center.json "$work/translated.po.json"; echo "test-strings: the import changed more than the translated string" >&2; exit 1; }

# A TMS-style round trip (docs/translation.md "Checked with the tools translators use"): what the
# tools translation teams use make of the exported files, each delivery imported with
# --all-or-nothing and the config checked byte for byte against the one expected.
tms="$work/tms"
mkdir -p "$tms"
po="$work/customer_center/po/de.po"
expected="$work/translated.po.json"   # Examples/customer_center.json with 'Viel zu teuer'
delivered() {  # delivered NAME EXPECTED FILE...: import into a copy of the example, compare
  local name="$1" want="$2"
  shift 2
  cp Examples/customer_center.json "$tms/c.json"
  "$bin" strings import --all-or-nothing "$tms/c.json" "$@" 2>"$tms/import.txt" \
    || { cat "$tms/import.txt"; echo "test-strings: importing $name failed" >&2; exit 1; }
  cmp -s "$want" "$tms/c.json" || { diff "$want" "$tms/c.json"; echo "test-strings: importing $name gave other bytes" >&2; exit 1; }
  tms_imports=$((tms_imports + 1))
}
tms_imports=0
# gettext: msgcat re-wraps the strings over many lines; msgmerge brings a translation into the
# current export (the translator's file merged with a newer reference).
msgcat --width=20 -o "$tms/wrapped.po" "$work/translated.po"
msgcat --width=20 -o "$tms/wrapped-unchanged.po" "$po"
msgmerge --quiet -o "$tms/merged.po" "$work/translated.po" "$po"
delivered "msgcat's re-wrapped translation" "$expected" "$tms/wrapped.po"
delivered "msgcat's re-wrapped export" Examples/customer_center.json "$tms/wrapped-unchanged.po"
delivered "msgmerge's merge" "$expected" "$tms/merged.po"
# A delivery in batches: the translation in one file, the same unit untranslated in another.
sed 's/^msgstr "Zu teuer"$/msgstr ""/' "$po" > "$tms/batch-empty.po"
delivered "a batch with the unit untranslated beside the translated one" "$expected" "$tms/batch-empty.po" "$work/translated.po"
# translate-toolkit: po2xliff then xliff2po, which names units that share a source by their place
# (msgctxt "customer_center.json:49"), for a config whose two answers share their English text.
python3 - Examples/customer_center.json "$tms/shared.json" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
config["localization"]["localized_strings"]["option_mistake"]["en"] = "Too expensive"
json.dump(config, open(sys.argv[2], "w"), ensure_ascii=False, indent=2)
PY
"$bin" strings export --format po --locale de -o "$tms/shared.po" "$tms/shared.json" 2>/dev/null
po2xliff --progress=none "$tms/shared.po" "$tms/shared.xlf"
xliff2po --progress=none "$tms/shared.xlf" "$tms/shared-back.po"
grep -q '^msgctxt ".*shared.json:[0-9]*"$' "$tms/shared-back.po" || { echo "test-strings: xliff2po no longer names shared units by place" >&2; exit 1; }
cp "$tms/shared.json" "$tms/shared-copy.json"
"$bin" strings import --all-or-nothing "$tms/shared-copy.json" "$tms/shared-back.po" "$tms/shared.xlf" 2>"$tms/import.txt" \
  || { cat "$tms/import.txt"; echo "test-strings: importing xliff2po's units named by place failed" >&2; exit 1; }
cmp -s "$tms/shared.json" "$tms/shared-copy.json" || { echo "test-strings: xliff2po's unchanged units changed the config" >&2; exit 1; }
sed 's/^msgstr "Zu teuer"$/msgstr "Viel zu teuer"/' "$tms/shared-back.po" > "$tms/shared-translated.po"
"$bin" strings import --all-or-nothing "$tms/shared-copy.json" "$tms/shared-translated.po" 2>"$tms/import.txt" \
  || { cat "$tms/import.txt"; echo "test-strings: a translation of a unit named by place was refused" >&2; exit 1; }
[ "$(diff "$tms/shared.json" "$tms/shared-copy.json" | grep -c '^[<>]')" = 2 ] && grep -q '"de": "Viel zu teuer"' "$tms/shared-copy.json" \
  || { diff "$tms/shared.json" "$tms/shared-copy.json"; echo "test-strings: the place-named translation went to the wrong key" >&2; exit 1; }
tms_imports=$((tms_imports + 2))
# podebug's pseudo-translation changes every translated unit; the
# original file then takes the config back byte for byte.
podebug --progress=none --rewrite=xxx "$po" "$tms/pseudo.po"
cp Examples/customer_center.json "$tms/c.json"
"$bin" strings import --all-or-nothing "$tms/c.json" "$tms/pseudo.po" 2>"$tms/import.txt" \
  || { cat "$tms/import.txt"; echo "test-strings: importing podebug's pseudo-translation failed" >&2; exit 1; }
grep -q '"de": "xxxBleib noch einen Monat zum halben Preis.xxx"' "$tms/c.json" && grep -q 'imported 11 translations' "$tms/import.txt" \
  || { cat "$tms/import.txt"; echo "test-strings: podebug's pseudo-translation was not imported whole" >&2; exit 1; }
"$bin" strings import --all-or-nothing "$tms/c.json" "$po" 2>/dev/null && cmp -s Examples/customer_center.json "$tms/c.json" \
  || { echo "test-strings: the original file did not take the pseudo-translated config back" >&2; exit 1; }
tms_imports=$((tms_imports + 2))
# A delivery that carries nothing is refused with --all-or-nothing: nothing written, exit 1.
: > "$tms/empty.po"
cp Examples/customer_center.json "$tms/c.json"
status=0
"$bin" strings import --all-or-nothing "$tms/c.json" "$work/translated.po" "$tms/empty.po" >/dev/null 2>&1 || status=$?
[ "$status" = 1 ] && cmp -s Examples/customer_center.json "$tms/c.json" \
  || { echo "test-strings: an empty delivery with --all-or-nothing gave exit $status or wrote" >&2; exit 1; }
echo "strings import: $imports imports of unchanged and converted files left their configs byte-identical; a translation via PO and via po2xliff: ok"
echo "strings TMS round trip: $tms_imports deliveries (msgcat, msgmerge, batches, po2xliff/xliff2po by place, podebug) imported byte for byte; an empty delivery refused: ok"
echo "strings: $files files exported from ${#configs[@]} configs, read by msgfmt, pocount, pofilter, po2xliff and xliff2po: ok"
