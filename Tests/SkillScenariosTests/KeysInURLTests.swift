import SkillCheckSupport
import Testing

@testable import SkillScenarios

/// Keys as public APIs' documentation puts them in a URL: a recording that keeps one leaks it into the repository
/// the transcript is committed to. Each is redacted, and only the key: the rest of the URL is kept to match on replay.
@Suite("A key in a URL, as APIs document it, is never recorded")
struct KeysInURLTests {
    /// (API, the URL with a key of the documented shape, the key).
    static let urls: [(api: String, url: String, key: String)] = [
        (
            "OpenWeather", "https://api.openweathermap.org/data/2.5/weather?q=London&appid=3f8b2c1d9e7a6b5c4d3e2f1a0b9c8d7e",
            "3f8b2c1d9e7a6b5c4d3e2f1a0b9c8d7e"
        ),
        (
            "NewsAPI", "https://newsapi.org/v2/top-headlines?country=us&apiKey=0a9b8c7d6e5f40312a3b4c5d6e7f8091",
            "0a9b8c7d6e5f40312a3b4c5d6e7f8091"
        ),
        (
            "Alpha Vantage", "https://www.alphavantage.co/query?function=TIME_SERIES_DAILY&symbol=IBM&apikey=Q7WZ3K9D2LPX8M4N",
            "Q7WZ3K9D2LPX8M4N"
        ),
        (
            "Telegram", "https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq/sendMessage?chat_id=42",
            "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq"
        ),
        (
            "Gemini",
            "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generateContent?key=AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe",
            "AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe"
        ),
        (
            "Pipedrive", "https://api.pipedrive.com/v1/deals?api_token=5f8a2c7d9e1b3a4c6e8f0a2b4c6d8e0f1a3b5c7d",
            "5f8a2c7d9e1b3a4c6e8f0a2b4c6d8e0f1a3b5c7d"
        ),
        (
            "Weatherstack", "http://api.weatherstack.com/current?access_key=9c1f0e8d7b6a5c4d3e2f1a0b9c8d7e6f&query=Paris",
            "9c1f0e8d7b6a5c4d3e2f1a0b9c8d7e6f"
        ),
        ("Finnhub", "https://finnhub.io/api/v1/quote?symbol=AAPL&token=c1h2k3l4m5n6o7p8q9r0", "c1h2k3l4m5n6o7p8q9r0"),
        ("TMDB", "https://api.themoviedb.org/3/movie/550?api_key=8d6f4b2a0c9e7d5b3a1f9e7c5a3b1d9f", "8d6f4b2a0c9e7d5b3a1f9e7c5a3b1d9f"),
        (
            "Azure AI",
            "https://westus.api.cognitive.microsoft.com/text/analytics/v3.1/languages?subscription-key=0a1b2c3d4e5f60718293a4b5c6d7e8f9",
            "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
        ),
        (
            "Azure SAS",
            "https://acct.blob.core.windows.net/c/f.txt?sv=2021-08-06&sp=r&se=2026-12-31&sig=Xy%2BabcDEF123ghiJKL456mnoPQR789stuVWX%3D",
            "Xy%2BabcDEF123ghiJKL456mnoPQR789stuVWX%3D"
        ),
        (
            "S3 presigned",
            "https://bucket.s3.amazonaws.com/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
            "fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024"
        ),
        (
            "Mapbox",
            "https://api.mapbox.com/geocoding/v5/mapbox.places/Paris.json?access_token=pk.eyJ1IjoidXNlciIsImEiOiJja2V5MTIzNDU2In0.AbCdEfGhIjKlMnOpQrStUv",
            "pk.eyJ1IjoidXNlciIsImEiOiJja2V5MTIzNDU2In0.AbCdEfGhIjKlMnOpQrStUv"
        ),
        (
            "Unsplash", "https://api.unsplash.com/photos/random?client_id=Zx8Yq2Wv4Ut6Sr8Qp0On2Ml4Kj6Ih8Gf0Ed2Cb4Aa6",
            "Zx8Yq2Wv4Ut6Sr8Qp0On2Ml4Kj6Ih8Gf0Ed2Cb4Aa6"
        ),
        (
            "ElevenLabs", "https://api.elevenlabs.io/v1/voices?xi-api-key=sk_7d2f9c0b4e1a8d3c6f5b2e9a0c7d4f1b2e3a4c5d6e7f8a9b",
            "sk_7d2f9c0b4e1a8d3c6f5b2e9a0c7d4f1b2e3a4c5d6e7f8a9b"
        ),
        ("Airtable", "https://api.airtable.com/v0/appXyZ123/Tasks?api_key=keyAbCdEfGhIjKlMn", "keyAbCdEfGhIjKlMn"),
        (
            "Todoist", "https://todoist.com/api/v7/sync?token=0123456789abcdef0123456789abcdef01234567",
            "0123456789abcdef0123456789abcdef01234567"
        ),
        ("a websocket", "wss://stream.example.com/socket?apiToken=k29Fq81LmZ0x", "k29Fq81LmZ0x"),
        (
            "Korean open data",
            "https://apis.data.go.kr/1360000/VilageFcstInfoService/getVilageFcst?serviceKey=Ab12Cd34Ef56Gh78&numOfRows=10",
            "Ab12Cd34Ef56Gh78"
        ),
        ("RapidAPI", "https://example.p.rapidapi.com/search?rapidapi-key=b1c2d3e4f5msh6a7b8c9d0e1f2a3p1", "b1c2d3e4f5msh6a7b8c9d0e1f2a3p1"),
        ("Basic auth in a URL", "https://bob:Hunter2-but-longer@api.example.com/v1/items", "Hunter2-but-longer"),
    ]

    @Test("each key is redacted, and the URL around it kept", arguments: urls.indices)
    func redacted(_ index: Int) {
        let (api, url, key) = Self.urls[index]
        let text = SecretScanner.redacted("GET \(url)")
        #expect(!text.contains(key), "\(api): \(text)")
        #expect(text.contains("«redacted»"), "\(api): \(text)")
        let host = url.split(separator: "/")[1].split(separator: "@").last ?? ""
        #expect(text.contains(host), "\(api): the host is kept")
    }

    /// Paging and ids are no keys: a replay matches them as they were.
    @Test(
        "a page token, a cursor, an id, a sort key and a date stay as they were",
        arguments: [
            "https://www.googleapis.com/youtube/v3/search?part=snippet&pageToken=CAUQAA&maxResults=5",
            "https://api.example.com/v1/items?sort_key=created&cursor=2&limit=10",
            "https://storage.example.com/v1/download?object_key=photos/2026/cat.jpg&hash_key=user-42",
            "https://www.googleapis.com/calendar/v3/calendars/primary/events?syncToken=CPDAlvWDx70CEPDAlvWDx70CGAU&pageSize=5",
            "https://api.example.com/v1/users/42/orders?since=2026-12-01T00:00:00Z",
            "https://api.example.com/v1/items/3f2c1a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60",
        ])
    func kept(_ url: String) {
        #expect(SecretScanner.redacted(url) == url)
    }
}
