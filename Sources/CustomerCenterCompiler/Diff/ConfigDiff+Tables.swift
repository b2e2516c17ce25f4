import JSONSyntax

extension ConfigDiff {
    static func locales(_ old: ResolvedConfig, _ new: ResolvedConfig, into changes: inout [ConfigChange]) {
        let pointer = new.config.localization?.pointer ?? new.config.basePointer.appending("localization")
        // A response carries one locale, the backend's choice; `supported`, if any, neither SDK reads.
        if new.config.format == .response {
            let (a, b) = (old.config.localization?.responseLocale?.value, new.config.localization?.responseLocale?.value)
            guard a != b else { return }
            let loss = b == nil && new.config.localization != nil
                ? DiffContext(old.config, new.config).missing(authoring: true, ios: true, android: .config) : nil
            changes.append(ConfigChange(kind: .changed, breaking: loss != nil, subject: "locale", pointer: pointer,
                                        message: "changed the locale: \(describe(a)) → \(describe(b))" + (loss.map { " (\($0))" } ?? "")))
            return
        }
        let newLocales = Set(new.targetLocales), oldLocales = Set(old.targetLocales)
        for (code, normalized) in zip(old.targetLocaleCodes, old.targetLocales) where !newLocales.contains(normalized) {
            changes.append(ConfigChange(kind: .removed, breaking: true, subject: "locale", pointer: pointer,
                                        message: "removed locale \(q(code)): its customers now see the default locale"))
        }
        for (code, normalized) in zip(new.targetLocaleCodes, new.targetLocales) where !oldLocales.contains(normalized) {
            changes.append(ConfigChange(kind: .added, breaking: false, subject: "locale", pointer: pointer, message: "added locale \(q(code))"))
        }
        if let a = old.defaultLocale, let b = new.defaultLocale, a != b {
            changes.append(ConfigChange(kind: .changed, breaking: false, subject: "locale", pointer: pointer,
                                        message: "changed the default locale: \(q(a)) → \(q(b))"))
        }
        // An authoring config must name its default (a response without `locale` loses its locale, above).
        if new.config.format == .authoring, let a = old.config.localization?.defaultLocale?.value, new.config.localization != nil,
           new.config.localization?.defaultLocale == nil {
            changes.append(ConfigChange(kind: .removed, breaking: true, subject: "locale", pointer: pointer,
                                        message: "removed the default locale \(q(a)) (required: the config is no longer valid)"))
        }
    }

    /// Strings per key and locale (a response has one locale).
    static func strings(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, into changes: inout [ConfigChange]) {
        func table(_ config: CustomerCenterConfig) -> [String: [String: Translation]] {
            var result: [String: [String: Translation]] = [:]
            for entry in config.localization?.entries ?? .empty where result[entry.key.value] == nil {
                var byLocale: [String: Translation] = [:]
                for translation in entry.translations { byLocale[LocaleCode.normalized(translation.locale.value)] = byLocale[LocaleCode.normalized(translation.locale.value)] ?? translation }
                result[entry.key.value] = byLocale
            }
            return result
        }
        let before = table(old), after = table(new)
        // A key the new version shows whose default text is gone: customers see no text there
        // (an SDK's own key falls back to the SDK's text; another locale to the default's).
        let shown = new.format == .authoring ? shownKeys(new) : []
        let defaultLocale = new.localization?.defaultLocale.map { LocaleCode.normalized($0.value) }
        for key in Set(before.keys).union(after.keys).sorted() {
            let a = before[key] ?? [:], b = after[key] ?? [:]
            for locale in Set(a.keys).union(b.keys).sorted() {
                let was = a[locale], now = b[locale]
                let pointer = now?.text.pointer ?? was?.text.pointer ?? .root
                let label = "string \(q(key)) [\(locale)]"
                switch (was, now) {
                case (nil, let now?):
                    changes.append(ConfigChange(kind: .added, breaking: false, subject: "string", pointer: pointer, message: "added \(label): \(q(now.text.value))"))
                case (let was?, nil):
                    let unshown = locale == defaultLocale && shown.contains(key)
                    changes.append(ConfigChange(kind: .removed, breaking: unshown, subject: "string", pointer: pointer,
                                                message: "removed \(label): \(q(was.text.value))" + (unshown ? " (customers see no text where it is used)" : "")))
                case (let was?, let now?) where was.text.value != now.text.value:
                    let placeholdersChanged = Placeholders.names(in: was.text.value) != Placeholders.names(in: now.text.value)
                    changes.append(ConfigChange(kind: .changed, breaking: placeholdersChanged, subject: "string", pointer: pointer,
                                                message: "changed \(label): \(q(was.text.value)) → \(q(now.text.value))"
                                                    + (placeholdersChanged ? " (its placeholders changed)" : "")))
                default:
                    break
                }
            }
        }
    }

    /// The keys an authoring config's screens, paths, surveys, options, offers and offerings show.
    static func shownKeys(_ config: CustomerCenterConfig) -> Set<String> {
        var keys: Set<String> = []
        func add(_ source: TextSource?) { if let key = source?.key?.value { keys.insert(key) } }
        for screen in config.screens {
            add(screen.title)
            add(screen.subtitle)
            add(screen.offering?.buttonText)
            for path in screen.paths {
                add(path.title)
                add(path.survey?.title)
                for option in path.survey?.options ?? [] { add(option.title) }
            }
        }
        for offer in config.offers {
            add(offer.title)
            add(offer.subtitle)
        }
        return keys
    }
}
