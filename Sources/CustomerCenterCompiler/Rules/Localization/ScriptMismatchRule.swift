/// `l10n.script-mismatch`: Simplified Chinese under a Traditional locale, or the reverse.

import JSONSyntax
package enum ScriptMismatchRule: ModelRule {
    package static let descriptor = RuleDescriptor(
        id: "l10n.script-mismatch",
        summary: "A text in Simplified Chinese under a Traditional Chinese locale (zh-Hant, zh-TW, zh-HK, zh-MO), or the reverse.",
        rationale: "Readers in Taiwan and Hong Kong read Traditional characters and readers in mainland China and Singapore Simplified ones: text in the other script looks foreign or careless to the customers it was written for, and the SDKs show it as it is.",
        defaultSeverity: .warning, formats: [.authoring, .response],
        reads: [.structure, .texts],
        failingExample: Examples.authoring(strings: #""title": {"en": "Help", "zh-Hans": ↓"帮助與支持", "zh-TW": ↓"我们能为您做些什么"}"#),
        passingExample: Examples.authoring(strings: #""title": {"en": "Help", "zh-Hans": "帮助与支持", "zh-TW": "我們能為您做些什麼", "zh": "帮助", "ja": "検索と国"}"#))

    /// Only texts of locales whose script is named or implied (`zh-Hant`, `zh-TW`, `zh-Hans`,
    /// `zh-CN`); plain `zh` may be either. Each locale of the table is classified once, so a
    /// config with no such locale costs one look at its locale names.
    package static func check(_ context: inout RuleContext) {
        guard let entries = context.config.localization?.entries, let table = entries.first?.translations.table else { return }
        let scripts = table.normalizedLocales.map(LocaleCode.chineseScript)
        guard scripts.contains(where: { $0 != nil }) else { return }
        for entry in entries {
            let translations = entry.translations
            for index in translations.indices {
                let localeIndex = translations.localeIndex(at: index)
                guard localeIndex < scripts.count, let script = scripts[localeIndex] else { continue }
                let foreign = translations.withTextUTF8(at: index) { ChineseScriptCharacters.sample(in: $0, foreignTo: script) }
                guard !foreign.isEmpty else { continue }
                let translation = translations[index]
                context.report(.scriptMismatch(entry.key.value, locale: translation.localeCode, script: script, sample: foreign),
                               on: translation.text)
            }
        }
    }
}

extension RuleMessage {
    /// `l10n.script-mismatch`: `sample` holds characters of the other script.
    static func scriptMismatch(_ key: String, locale: String, script: LocaleCode.ChineseScript, sample: [Unicode.Scalar]) -> RuleMessage {
        let (wanted, found) = script == .traditional ? ("Traditional", "Simplified") : ("Simplified", "Traditional")
        let characters = sample.map { String(Character($0)) }.joined(separator: ", ")
        return RuleMessage(ScriptMismatchRule.descriptor,
                           "the \(MessageText.quoted(locale)) text of \(MessageText.quoted(key)) is written for \(wanted) Chinese readers but has \(found)-only characters (\(characters))")
    }
}

/// Characters that exist in only one of the two Chinese scripts: a small table of common ones
/// (each pair is one word's two spellings), not a converter. Characters both scripts use
/// (后, 里, 台, 于, 系, 着, 乾, 著) are left out, so a hit is never a false alarm.
enum ChineseScriptCharacters {
    static let simplifiedOnly = """
        们这个为说时会对没过还发经问订阅购买卖账户关闭设备网页联请种实现务应计费价续币货从来开无动车东书长门马鱼鸟龙乐两产优传众决刚创删别办劳区医华单历压参双变号吗听启员响团园图国场块报处头学宝审宽寻导将层岁岛师帐带帮广库废异张弹强归当录忆态总恶惊惯愿战扩扫护择换损据摄敌数断旧显暂术机杀杂权条极构标栏树样档桥检楼欢气汇汉测济浅满灯灵点热爱状独环电画监盘码确礼积称稳笔签简紧红约级纪纯纸线练组细织终绍结给络绝统继绩维综绿编缩罗职胜脑脚节药获营虑虽补装见观规视览觉认让议讯记讲许论访证评识词译试话询该详语误读课谁调谈谢负财责败质贴贵资赛赞转轮软轻较辑输达运进远连选递邮释钟钱铁银错锁键间闻队阳际陆险随隐难项顺须顾预领频题颜额风飞饭馆验鲜鸡齐龄亏仅储写则击刘剧厂厅县叶尝坏夺奋妇妈宁宫宾尔尘尽帅庆庙径怀恋悬惨扑执扬抢担拥挥挤摆毕汤沟泪泽洁润涨渐湾湿灭灾炉烦烧爷牵犹猎献疗盖矿础祸离竞筑粮纠纲纳纵纷绕绘缘聪肃肤脱舰艺荣蓝衬讨训诉诗诚谱贡贸赏赖赶趋跃践轨载辅辆违迟逻遗邻郑钓钢闪陈雾饮骗鸭麦与么严丽举争亚亿伤伦伪净励劝势卫卢厉壮壳
        """
    static let traditionalOnly = """
        們這個為說時會對沒過還發經問訂閱購買賣賬戶關閉設備網頁聯請種實現務應計費價續幣貨從來開無動車東書長門馬魚鳥龍樂兩產優傳眾決剛創刪別辦勞區醫華單歷壓參雙變號嗎聽啟員響團園圖國場塊報處頭學寶審寬尋導將層歲島師帳帶幫廣庫廢異張彈強歸當錄憶態總惡驚慣願戰擴掃護擇換損據攝敵數斷舊顯暫術機殺雜權條極構標欄樹樣檔橋檢樓歡氣匯漢測濟淺滿燈靈點熱愛狀獨環電畫監盤碼確禮積稱穩筆簽簡緊紅約級紀純紙線練組細織終紹結給絡絕統繼績維綜綠編縮羅職勝腦腳節藥獲營慮雖補裝見觀規視覽覺認讓議訊記講許論訪證評識詞譯試話詢該詳語誤讀課誰調談謝負財責敗質貼貴資賽贊轉輪軟輕較輯輸達運進遠連選遞郵釋鐘錢鐵銀錯鎖鍵間聞隊陽際陸險隨隱難項順須顧預領頻題顏額風飛飯館驗鮮雞齊齡虧僅儲寫則擊劉劇廠廳縣葉嘗壞奪奮婦媽寧宮賓爾塵盡帥慶廟徑懷戀懸慘撲執揚搶擔擁揮擠擺畢湯溝淚澤潔潤漲漸灣濕滅災爐煩燒爺牽猶獵獻療蓋礦礎禍離競築糧糾綱納縱紛繞繪緣聰肅膚脫艦藝榮藍襯討訓訴詩誠譜貢貿賞賴趕趨躍踐軌載輔輛違遲邏遺鄰鄭釣鋼閃陳霧飲騙鴨麥與麼嚴麗舉爭亞億傷倫偽淨勵勸勢衛盧厲壯殼後裡於臺髮麵係隻衝幾製準纔雲範醜餘鬥鬱鹹蘇
        """

    /// One bit per code point of the CJK Unified Ideographs block (U+4E00–U+9FFF).
    static let base: UInt32 = 0x4E00, count: UInt32 = 0xA000 - 0x4E00
    static let simplifiedBits = bitmap(simplifiedOnly)
    static let traditionalBits = bitmap(traditionalOnly)

    static func bitmap(_ characters: String) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: Int(count) / 64 + 1)
        for scalar in characters.unicodeScalars where scalar.value >= base && scalar.value < base + count {
            let offset = Int(scalar.value - base)
            bits[offset / 64] |= 1 << UInt64(offset % 64)
        }
        return bits
    }

    /// Up to five distinct characters of `text` (UTF-8) that the other script than `script` uses
    /// only. Reads bytes: a CJK ideograph is three bytes led by E4–E9; nothing is decoded else.
    static func sample(in text: UnsafeBufferPointer<UInt8>, foreignTo script: LocaleCode.ChineseScript) -> [Unicode.Scalar] {
        let bits = script == .traditional ? simplifiedBits : traditionalBits
        var found: [Unicode.Scalar] = []
        var index = 0
        while index + 2 < text.count {
            let lead = text[index]
            guard lead >= 0xE4, lead <= 0xE9, text[index + 1] & 0xC0 == 0x80, text[index + 2] & 0xC0 == 0x80 else { index += 1; continue }
            let value = UInt32(lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F)
            index += 3
            guard value >= base, value < base + count else { continue }
            let offset = Int(value - base)
            guard bits[offset / 64] & (1 << UInt64(offset % 64)) != 0, let scalar = Unicode.Scalar(value),
                  !found.contains(scalar) else { continue }
            found.append(scalar)
            if found.count == 5 { break }
        }
        return found
    }
}
