import JSONSyntax

extension ConfigDiff {
    static func locales(_ old: ResolvedConfig, _ new: ResolvedConfig, into changes: inout [ConfigChange]) {
        let pointer = new.config.localization?.pointer ?? new.config.basePointer.appending("localization")
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
                    changes.append(ConfigChange(kind: .removed, breaking: false, subject: "string", pointer: pointer, message: "removed \(label): \(q(was.text.value))"))
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

    static func settings(_ old: CustomerCenterConfig, _ new: CustomerCenterConfig, into changes: inout [ConfigChange]) {
        let pointer = new.support?.pointer ?? new.basePointer.appending("support")
        if old.support?.email?.value != new.support?.email?.value {
            changes.append(ConfigChange(kind: .changed, breaking: false, subject: "setting", pointer: pointer,
                                        message: "changed the support email: \(describe(old.support?.email?.value)) → \(describe(new.support?.email?.value))"))
        }
        for theme in ["light", "dark"] {
            let a = theme == "light" ? old.appearance?.light : old.appearance?.dark
            let b = theme == "light" ? new.appearance?.light : new.appearance?.dark
            for role in SharedSchema.colors.fields.map(\.name) where a?.color(role)?.value != b?.color(role)?.value {
                changes.append(ConfigChange(kind: .changed, breaking: false, subject: "setting",
                                            pointer: new.appearance?.pointer ?? new.basePointer.appending("appearance"),
                                            message: "changed \(theme) \(role): \(describe(a?.color(role)?.value)) → \(describe(b?.color(role)?.value))"))
            }
        }
    }
}
