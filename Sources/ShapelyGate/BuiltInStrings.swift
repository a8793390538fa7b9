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
    private static func table(
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
        ],
        shapes: [
            .circle: "circle", .square: "square", .triangle: "triangle", .pentagon: "pentagon",
            .hexagon: "hexagon", .star: "star", .diamond: "diamond", .heart: "heart", .cross: "cross",
        ],
        words: [
            .circle: "round, no corners", .square: "4 corners, flat at the bottom",
            .triangle: "pointed top, flat bottom", .pentagon: "shaped like a house, pointed roof",
            .hexagon: "flat top and bottom, pointed sides",
            .star: "5 sharp arms", .diamond: "4 corners, standing on a point",
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
        ],
        shapes: [
            .circle: "el círculo", .square: "el cuadrado", .triangle: "el triángulo",
            .pentagon: "el pentágono", .hexagon: "el hexágono", .star: "la estrella",
            .diamond: "el rombo", .heart: "el corazón", .cross: "la cruz",
        ],
        words: [
            .circle: "redondo, sin esquinas", .square: "4 esquinas, con la base plana",
            .triangle: "en punta arriba, plano abajo", .pentagon: "con forma de casa, tejado en punta",
            .hexagon: "plano arriba y abajo, en punta a los lados",
            .star: "5 puntas afiladas", .diamond: "4 esquinas, apoyado sobre una punta",
            .heart: "2 curvas arriba y una punta abajo", .cross: "como el signo más, 12 esquinas",
        ]
    )

    static let french = table(
        [
            "Title": "Contrôle parental",
            "Countdown": "Temps restant",
            "DescriptionCircle": "Trouve un cercle et tape son numéro.",
            "DescriptionSquare": "Trouve un carré et tape son numéro.",
            "DescriptionTriangle": "Trouve un triangle et tape son numéro.",
            "DescriptionPentagon": "Trouve un pentagone et tape son numéro.",
            "DescriptionHexagon": "Trouve un hexagone et tape son numéro.",
            "DescriptionStar": "Trouve une étoile et tape son numéro.",
            "DescriptionDiamond": "Trouve un losange et tape son numéro.",
            "DescriptionHeart": "Trouve un cœur et tape son numéro.",
            "DescriptionCross": "Trouve une croix et tape son numéro.",
        ],
        tooMany: [
            "Title": "Trop de tentatives",
            "Description": "La mauvaise forme a été choisie trop de fois.",
            "OK": "OK",
        ],
        expired: [
            "Title": "Temps écoulé",
            "Description": "Le compte à rebours est arrivé à zéro avant le bon choix.",
            "OK": "OK",
        ],
        terminal: [
            "Prompt": "dépose {shape}\u{00A0}: choisis 1-{count}",
            "WrongShape": "Non, {shape}. Encore {count} essais.",
            "LastTry": "Non, {shape}. Dernier essai.",
            "NotATile": "Tape un numéro de 1 à {count}, puis Entrée.",
            "Round": "Manche {round} sur {rounds}",
            "Passed": "Réussi.",
            "NoTerminal": "aucun terminal pour interroger une personne\u{00A0}: refusé",
            "EndOfInput": "fin de l'entrée\u{00A0}: refusé",
            "Interrupted": "interrompu ({signal})\u{00A0}: refusé",
            "Locked": "verrouillé après un refus\u{00A0}: réessaie dans {seconds} s",
            "NoTerminalPAM": "aucun terminal\u{00A0}: PAM lance la barrière sans terminal (pam_exec n'en donne pas à son programme), donc elle refuse\u{00A0}; utilise plutôt le greffon d'approbation de sudo",
            "ToRun": "À exécuter\u{00A0}: {command}",
            "PressEnter": "Tape le numéro, puis appuie sur Entrée.",
            "RoundWon": "Bravo\u{00A0}! Manche {round} sur {rounds}.",
            "TooSmall": "temps écoulé alors que le terminal était trop petit pour le plateau (il faut {columns}x{rows} ou plus)\u{00A0}: refusé",
            "TooSmallNow": "Le plateau a besoin d'un terminal plus grand, d'une de ces tailles ou plus\u{00A0}: {sizes} (colonnes x lignes\u{00A0}; moins de colonnes demandent plus de lignes).",
            "NotRun": "Non exécuté\u{00A0}: {command}",
            "TooLong": "ce qu’une bonne réponse permettrait est trop long pour l’écran ({count} caractères, {limit} au plus)\u{00A0}: refusé",
            "Colon": "\u{00A0}:",
            "SignalInterrupt": "Ctrl-C",
            "SignalQuit": "Ctrl-\\",
            "SignalSuspend": "Ctrl-Z",
            "SignalHangup": "le terminal a été fermé",
            "SignalTerminate": "une demande d'arrêt",
            "WordsTiles": "Cases\u{00A0}:",
            "WordsTile": "{number}\u{00A0}: {description}",
            "SecondsLeft": "Secondes restantes\u{00A0}: {seconds}.",
        ],
        shapes: [
            .circle: "le cercle", .square: "le carré", .triangle: "le triangle",
            .pentagon: "le pentagone", .hexagon: "l'hexagone", .star: "l'étoile",
            .diamond: "le losange", .heart: "le cœur", .cross: "la croix",
        ],
        words: [
            .circle: "rond, sans coins", .square: "4 coins, posé à plat",
            .triangle: "pointu en haut, plat en bas", .pentagon: "en forme de maison, toit pointu",
            .hexagon: "plat en haut et en bas, pointu sur les côtés",
            .star: "5 branches pointues", .diamond: "4 coins, posé sur une pointe",
            .heart: "2 bosses en haut, une pointe en bas", .cross: "comme le signe plus, 12 coins",
        ]
    )

    static let german = table(
        [
            "Title": "Kindersicherung",
            "Countdown": "Verbleibende Zeit",
            "DescriptionCircle": "Finde einen Kreis, tippe seine Nummer.",
            "DescriptionSquare": "Finde ein Quadrat, tippe seine Nummer.",
            "DescriptionTriangle": "Finde ein Dreieck, tippe seine Nummer.",
            "DescriptionPentagon": "Finde ein Fünfeck, tippe seine Nummer.",
            "DescriptionHexagon": "Finde ein Sechseck, tippe seine Nummer.",
            "DescriptionStar": "Finde einen Stern, tippe seine Nummer.",
            "DescriptionDiamond": "Finde eine Raute, tippe ihre Nummer.",
            "DescriptionHeart": "Finde ein Herz, tippe seine Nummer.",
            "DescriptionCross": "Finde ein Kreuz, tippe seine Nummer.",
        ],
        tooMany: [
            "Title": "Zu viele Versuche",
            "Description": "Es wurde zu oft die falsche Form gewählt.",
            "OK": "OK",
        ],
        expired: [
            "Title": "Die Zeit ist um",
            "Description": "Der Countdown lief ab, bevor die richtige Form gewählt wurde.",
            "OK": "OK",
        ],
        terminal: [
            "Prompt": "wähle {shape}: 1-{count}",
            "WrongShape": "Nein, {shape}. Noch {count} Versuche.",
            "LastTry": "Nein, {shape}. Letzter Versuch.",
            "NotATile": "Zahl von 1 bis {count}, dann Eingabetaste.",
            "Round": "Runde {round} von {rounds}",
            "Passed": "Bestanden.",
            "NoTerminal": "kein Terminal, um eine Person zu fragen: abgelehnt",
            "EndOfInput": "Ende der Eingabe: abgelehnt",
            "Interrupted": "unterbrochen ({signal}): abgelehnt",
            "Locked": "gesperrt nach einer Ablehnung: erneut versuchen in {seconds} s",
            "NoTerminalPAM": "kein Terminal: PAM startet die Sperre ohne Terminal (pam_exec gibt seinem Programm keines), daher abgelehnt; nutze stattdessen das sudo-Genehmigungs-Plugin",
            "ToRun": "Auszuführen: {command}",
            "PressEnter": "Gib die Nummer ein und drücke die Eingabetaste.",
            "RoundWon": "Richtig! Runde {round} von {rounds}.",
            "TooSmall": "die Zeit lief ab, während das Terminal zu klein für das Spielfeld war (es braucht {columns}x{rows} oder mehr): abgelehnt",
            "TooSmallNow": "Das Spielfeld braucht ein größeres Terminal, eine dieser Größen oder mehr: {sizes} (Spalten x Zeilen; weniger Spalten brauchen mehr Zeilen).",
            "NotRun": "Nicht ausgeführt: {command}",
            "TooLong": "was eine richtige Antwort erlauben würde, ist zu lang für den Bildschirm ({count} Zeichen, höchstens {limit}): abgelehnt",
            "Colon": ":",
            "SignalInterrupt": "Strg-C",
            "SignalQuit": "Strg-\\",
            "SignalSuspend": "Strg-Z",
            "SignalHangup": "das Terminal wurde geschlossen",
            "SignalTerminate": "eine Aufforderung zum Beenden",
            "WordsTiles": "Felder:",
            "WordsTile": "{number}: {description}",
            "SecondsLeft": "Verbleibende Sekunden: {seconds}.",
        ],
        shapes: [
            .circle: "den Kreis", .square: "das Quadrat", .triangle: "das Dreieck",
            .pentagon: "das Fünfeck", .hexagon: "das Sechseck", .star: "den Stern",
            .diamond: "die Raute", .heart: "das Herz", .cross: "das Kreuz",
        ],
        words: [
            .circle: "rund, ohne Ecken", .square: "4 Ecken, unten flach",
            .triangle: "oben spitz, unten flach", .pentagon: "wie ein Haus, spitzes Dach",
            .hexagon: "oben und unten flach, seitlich spitz",
            .star: "5 spitze Zacken", .diamond: "4 Ecken, steht auf einer Spitze",
            .heart: "oben 2 runde Bögen, unten eine Spitze", .cross: "wie ein Pluszeichen, 12 Ecken",
        ]
    )
}
