// BuiltInStrings.swift — the strings compiled into the binary: English (the fallback), Spanish,
// French and German, each complete for every key in `StringKey.all`; placeholders ({shape}) are plain text.

public enum BuiltInStrings {
    public static let languages = ["en", "es", "fr", "de"]

    public static func table(for language: String) -> [StringKey: String]? {
        switch language {
        case "en": english
        case "es": spanish
        case "fr": french
        case "de": german
        default: nil
        }
    }

    /// The literals are pairs, not dictionaries: each string is hashed once, into the table.
    static func table(
        _ primary: KeyValuePairs<String, String>, tooMany: KeyValuePairs<String, String>,
        expired: KeyValuePairs<String, String>, terminal: KeyValuePairs<String, String>,
        shapes: KeyValuePairs<ShapeKind, String>, words: KeyValuePairs<ShapeKind, String>
    ) -> [StringKey: String] {
        let count = primary.count + tooMany.count + expired.count + terminal.count + shapes.count + words.count
        var table = [StringKey: String](minimumCapacity: count)
        for (key, value) in primary { table[StringKey("Primary", key)] = value }
        for (key, value) in tooMany { table[StringKey("TooManyAttempts", key)] = value }
        for (key, value) in expired { table[StringKey("TimeExpired", key)] = value }
        for (key, value) in terminal { table[StringKey("Terminal", key)] = value }
        for (kind, value) in shapes { table[.name(of: kind)] = value }
        for (kind, value) in words { table[.words(for: kind)] = value }
        return table
    }

    static let english = table(
        [
            "Title": "Parental Gate",
            "Countdown": "Time left",
            "DescriptionCircle": "Find a circle and type its number.",
            "DescriptionSquare": "Find a square and type its number.",
            "DescriptionTriangle": "Find a triangle and type its number.",
            "DescriptionPentagon": "Find a pentagon and type its number.",
            "DescriptionHexagon": "Find a hexagon and type its number.",
            "DescriptionStar": "Find a star and type its number.",
            "DescriptionDiamond": "Find a diamond and type its number.",
            "DescriptionHeart": "Find a heart and type its number.",
            "DescriptionCross": "Find a cross and type its number.",
        ],
        tooMany: [
            "Title": "Too many attempts",
            "Description": "The wrong shape was chosen too many times.",
            "OK": "OK",
        ],
        expired: [
            "Title": "Time is up",
            "Description": "The countdown reached zero before the right shape was chosen.",
            "OK": "OK",
        ],
        terminal: [
            "Prompt": "drop the {shape}: choose 1-{count}",
            "WrongShape": "No, a {shape}. {count} tries left.",
            "LastTry": "No, a {shape}. Last try.",
            "NotATile": "Type a number from 1 to {count}, then Enter.",
            "Round": "Round {round} of {rounds}",
            "Passed": "Passed.",
            "NoTerminal": "no terminal to ask a person on: denied",
            "EndOfInput": "end of input: denied",
            "Interrupted": "interrupted ({signal}): denied",
            "Locked": "locked after a denial: try again in {seconds} s",
            "NoTerminalPAM": "no terminal: PAM runs the gate without one (pam_exec gives its helper no terminal), so it denies; see the sudo approval plugin instead",
            "ToRun": "To run: {command}",
            "LogIn": "{service}: log in as {user}",
            "PressEnter": "Type the number, then press Enter.",
            "RoundWon": "Right! Round {round} of {rounds}.",
            "TooSmall": "time ran out while the terminal was too small for the board (it needs {columns}x{rows} or more): denied",
            "TooSmallNow": "The board needs a larger terminal, one of these sizes or more: {sizes} (columns x rows; fewer columns need more rows).",
            "NotRun": "Not run: {command}",
            "TooLong": "what a pass would allow is too long to show on a screen ({count} characters, {limit} at most): denied",
            "Colon": ":",
            "SignalInterrupt": "Ctrl-C",
            "SignalQuit": "Ctrl-\\",
            "SignalSuspend": "Ctrl-Z",
            "SignalHangup": "the terminal was closed",
            "SignalTerminate": "a request to stop",
            "WordsTiles": "Tiles:",
            "WordsTile": "{number}: {description}",
            "SecondsLeft": "Seconds left: {seconds}.",
            "MoreTime": "{seconds} more seconds.",
            "NoMoreTime": "No more time can be added.",
            "MoreTimeHint": "More time: type + then Enter.",
        ],
        shapes: [
            .circle: "circle", .square: "square", .triangle: "triangle", .pentagon: "pentagon",
            .hexagon: "hexagon", .star: "star", .diamond: "diamond", .heart: "heart", .cross: "cross",
        ],
        words: [
            .circle: "round, no corners", .square: "4 corners, flat at the bottom",
            .triangle: "pointed top, widest at its flat bottom",
            .pentagon: "pointed top, sides slant in to a flat bottom",
            .hexagon: "flat top and bottom, pointed sides",
            .star: "sharp arms, notches between them", .diamond: "4 corners, standing on a point",
            .heart: "2 round bumps on top, a point at the bottom", .cross: "like a plus sign, 12 corners",
        ]
    )

    static let spanish = table(
        [
            "Title": "Control parental",
            "Countdown": "Tiempo restante",
            "DescriptionCircle": "Busca un círculo y escribe su número.",
            "DescriptionSquare": "Busca un cuadrado y escribe su número.",
            "DescriptionTriangle": "Busca un triángulo y escribe su número.",
            "DescriptionPentagon": "Busca un pentágono y escribe su número.",
            "DescriptionHexagon": "Busca un hexágono y escribe su número.",
            "DescriptionStar": "Busca una estrella y escribe su número.",
            "DescriptionDiamond": "Busca un rombo y escribe su número.",
            "DescriptionHeart": "Busca un corazón y escribe su número.",
            "DescriptionCross": "Busca una cruz y escribe su número.",
        ],
        tooMany: [
            "Title": "Demasiados intentos",
            "Description": "Se eligió la forma equivocada demasiadas veces.",
            "OK": "Aceptar",
        ],
        expired: [
            "Title": "Se acabó el tiempo",
            "Description": "La cuenta atrás llegó a cero antes de elegir la forma correcta.",
            "OK": "Aceptar",
        ],
        terminal: [
            "Prompt": "suelta {shape}: elige 1-{count}",
            "WrongShape": "No, {shape}. Te quedan {count} intentos.",
            "LastTry": "No, {shape}. Último intento.",
            "NotATile": "Escribe un número del 1 al {count} e Intro.",
            "Round": "Ronda {round} de {rounds}",
            "Passed": "Superado.",
            "NoTerminal": "no hay terminal para preguntar a una persona: denegado",
            "EndOfInput": "fin de la entrada: denegado",
            "Interrupted": "interrumpido ({signal}): denegado",
            "Locked": "bloqueado tras una denegación: inténtalo de nuevo en {seconds} s",
            "NoTerminalPAM": "no hay terminal: PAM ejecuta la puerta sin terminal (pam_exec no da terminal a su programa), así que deniega; usa el complemento de aprobación de sudo",
            "ToRun": "Para ejecutar: {command}",
            "LogIn": "{service}: entrar como {user}",
            "PressEnter": "Escribe el número y pulsa Intro.",
            "RoundWon": "¡Bien! Ronda {round} de {rounds}.",
            "TooSmall": "se acabó el tiempo con la terminal demasiado pequeña para el tablero (necesita {columns}x{rows} o más): denegado",
            "TooSmallNow": "El tablero necesita una terminal más grande, de uno de estos tamaños o más: {sizes} (columnas x filas; con menos columnas hacen falta más filas).",
            "NotRun": "No se ejecutó: {command}",
            "TooLong": "lo que permitiría un acierto es demasiado largo para mostrarlo en pantalla ({count} caracteres, {limit} como máximo): denegado",
            "Colon": ":",
            "SignalInterrupt": "Ctrl-C",
            "SignalQuit": "Ctrl-\\",
            "SignalSuspend": "Ctrl-Z",
            "SignalHangup": "se cerró la terminal",
            "SignalTerminate": "una petición de parada",
            "WordsTiles": "Fichas:",
            "WordsTile": "{number}: {description}",
            "SecondsLeft": "Segundos restantes: {seconds}.",
            "MoreTime": "{seconds} segundos más.",
            "NoMoreTime": "No se puede añadir más tiempo.",
            "MoreTimeHint": "Más tiempo: + y luego Intro.",
        ],
        shapes: [
            .circle: "el círculo", .square: "el cuadrado", .triangle: "el triángulo",
            .pentagon: "el pentágono", .hexagon: "el hexágono", .star: "la estrella",
            .diamond: "el rombo", .heart: "el corazón", .cross: "la cruz",
        ],
        words: [
            .circle: "redondo, sin esquinas", .square: "4 esquinas, base plana",
            .triangle: "en punta arriba, más ancho en la base",
            .pentagon: "en punta arriba, más estrecho en la base",
            .hexagon: "plano arriba y abajo, lados en punta",
            .star: "brazos en punta, con huecos", .diamond: "4 esquinas, apoyado en una punta",
            .heart: "2 curvas arriba, punta abajo", .cross: "como el signo más, 12 esquinas",
        ]
    )

}
