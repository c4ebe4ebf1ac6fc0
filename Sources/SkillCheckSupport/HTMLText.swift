/// What the kit's HTML pages share: escaping, clipping a long text, and the styling.
package enum HTMLText {
    /// A page's beginning, up to and including `<body>`: its title, and the kit's styling with `style` after it.
    package static func head(title: String, style extra: String = "") -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>\(style)\(extra)</style>
        </head>
        <body>

        """
    }

    /// `text`, or its first 600 characters and how many more there are: an odd input of 100 KB is named, not shown.
    package static func clipped(_ text: String) -> String {
        guard text.count > 600 else { return text }
        return String(text.prefix(600)) + "… (\(text.count - 600) more characters: the JSON report has them all)"
    }

    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The page's only styling: system fonts, marks that differ in shape as well as colour, and print rules.
    package static let style = """
        body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1b1b1b;background:#fff}\
        h1{font-size:1.4rem;margin:.2rem 0}h2{font-size:1.15rem;margin-top:2rem}h3{font-size:1rem;margin:1rem 0 .3rem}\
        .path{color:#555;margin:0}.summary{font-weight:600}table.grid{border-collapse:collapse}\
        .grid th,.grid td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;white-space:nowrap}.grid th[scope=row]{white-space:normal}\
        caption{caption-side:bottom;text-align:left;color:#555;padding-top:.4rem}\
        a{color:#0645ad}a:focus,summary:focus{outline:3px solid #f90;outline-offset:1px}\
        i{font-style:normal;font-weight:700}.passed{color:#176f2c}.failed{color:#b00020}.warning{color:#8a5a00}.skipped,.na{color:#666}\
        details{border-left:4px solid #ddd;margin:.4rem 0;padding:.2rem .6rem}details.failed{border-color:#b00020}\
        details.warning{border-color:#8a5a00}summary{cursor:pointer}dl{display:grid;grid-template-columns:8rem 1fr;gap:.15rem .6rem}\
        dt{color:#555}dd{margin:0;overflow-wrap:anywhere}pre{background:#f5f5f5;padding:.5rem;overflow-x:auto}\
        @media print{a{color:inherit;text-decoration:none}details:not([open]){display:none}body{max-width:none}}
        """
}
