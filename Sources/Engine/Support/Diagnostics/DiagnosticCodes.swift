// Every diagnostic code restmap reports, by area (see `DiagnosticCode`). A new code goes
// here and into `DiagnosticCode.catalogue`; the README's table lists them all (a test
// checks both). Never reuse or renumber a code: retire it instead.

// MARK: RM1xxx — reading and loading the config
extension DiagnosticCode {
    static let configTooLarge = DiagnosticCode("RM1001", .error, "The config file is larger than a config can be (16 MiB).")
    static let documentEmpty = DiagnosticCode("RM1002", .error, "The config (or manifest) file is empty.")
    static let documentFormatUnknown = DiagnosticCode("RM1003", .error, "The config (or manifest) is neither a property list (XML or binary) nor JSON.")
    static let configRootNotDictionary = DiagnosticCode("RM1004", .error, "The config's root value is not a dictionary.")
    static let configNoSections = DiagnosticCode("RM1005", .error, "The config has none of the mapping sections.")
    static let configUnknownSection = DiagnosticCode("RM1006", .warning, "A top-level section restmap does not know; it is ignored.")
    static let configWrongType = DiagnosticCode("RM1007", .error, "A config entry has the wrong type (a string where a dictionary belongs, ...).")
    static let configUnknownKey = DiagnosticCode("RM1008", .warning, "A key restmap does not know inside a config entry; it is ignored.")
    static let configDuplicateKey = DiagnosticCode("RM1009", .warning, "A key appears twice in one dictionary; the last one is used.")
    static let configMissingEntry = DiagnosticCode("RM1010", .error, "A config entry lacks a part it needs (a target, a key_path, a uri, a class_name, attributes).")
    static let configEmptyAttributeName = DiagnosticCode("RM1011", .error, "An attribute mapping maps to an empty attribute name.")
    static let configAttributeWrittenTwice = DiagnosticCode("RM1012", .error, "Two mappings of one entity write the same attribute.")
    static let configNoMatchers = DiagnosticCode("RM1013", .error, "A path mapping has no matchers, so nothing at its path can be mapped.")
    static let configIncompleteMatcher = DiagnosticCode("RM1014", .error, "A matcher lacks its key_path, expected_value, entity_name or attribute_mappings.")
    static let configIgnoredEntry = DiagnosticCode("RM1015", .warning, "Config entries that another entry makes irrelevant; they are ignored.")
    static let configUnknownType = DiagnosticCode("RM1016", .error, "entity_attribute_types names a type restmap does not know.")
    static let configInvalidDatePattern = DiagnosticCode("RM1017", .error, "A date_formats pattern cannot be used.")
    static let configInvalidKeyAttribute = DiagnosticCode("RM1018", .error, "A key_attribute is empty or is not a single attribute name.")
    static let configNestingTooDeep = DiagnosticCode("RM1019", .error, "Request mappings nested (relationship_mappings) more than 64 levels deep.")
}

// MARK: RM11xx — the Core Data model
extension DiagnosticCode {
    static let modelNotFound = DiagnosticCode("RM1101", .error, "The Core Data model (or a version in its bundle) cannot be found.")
    static let modelCompiled = DiagnosticCode("RM1102", .error, "The model is a compiled one (.mom/.momd); restmap reads the .xcdatamodeld source.")
    static let modelUnsupportedFormat = DiagnosticCode("RM1103", .error, "The model is in the Xcode 3 format, which is not supported.")
    static let modelVersionGuessed = DiagnosticCode("RM1104", .warning, "The model bundle has no .xccurrentversion; the last version by name is used.")
    static let modelMalformed = DiagnosticCode("RM1105", .error, "The model file cannot be parsed, or is not a Core Data model.")
    static let modelUnexpectedVersion = DiagnosticCode("RM1106", .warning, "The model declares a type or documentVersion restmap does not expect; read anyway.")
    static let modelDuplicateEntity = DiagnosticCode("RM1107", .error, "The model defines an entity more than once.")
    static let modelDuplicateProperty = DiagnosticCode("RM1108", .warning, "The model declares a property (or composite) more than once; one declaration is used.")
    static let modelMissingPart = DiagnosticCode("RM1109", .error, "A model element lacks its name or destinationEntity.")
    static let modelUnknownAttributeType = DiagnosticCode("RM1110", .warning, "A model attribute has no or an unknown attributeType; its values pass through.")
    static let modelDanglingReference = DiagnosticCode("RM1111", .warning, "A model element names an entity, inverse, composite or property the model does not define.")
    static let modelInheritance = DiagnosticCode("RM1112", .error, "A parentEntity that does not exist, or an inheritance cycle.")
    static let modelIdentification = DiagnosticCode("RM1113", .warning, "A model's identifying-attributes userInfo names no or unknown attributes.")
    static let modelIgnoredEntry = DiagnosticCode("RM1114", .warning, "A model userInfo entry without a key; it is ignored.")
}

// MARK: RM2xxx — config lint
extension DiagnosticCode {
    static let lintUndefinedEntity = DiagnosticCode("RM2001", .error, "An entry names an entity that entity_attribute_mappings does not define.")
    static let lintWritesInsideValue = DiagnosticCode("RM2002", .error, "An attribute writes inside a key path that is itself mapped as a value.")
    static let lintPrimaryKeyNotMapped = DiagnosticCode("RM2003", .error, "A primary key is not a mapped attribute of its entity.")
    static let lintRelationshipDefinedTwice = DiagnosticCode("RM2004", .error, "A relationship of one entity is defined twice.")
    static let lintRelationshipShadowsAttribute = DiagnosticCode("RM2005", .warning, "A relationship has the name of an attribute; the relationship wins in records.")
    static let lintForeignKeySourceNotMapped = DiagnosticCode("RM2006", .error, "An fk_mapping reads an attribute its entity does not map.")
    static let lintForeignKeyTargetNotMapped = DiagnosticCode("RM2007", .error, "An fk_mapping matches an attribute the target entity does not map.")
    static let lintForeignKeyTargetNotKey = DiagnosticCode("RM2008", .warning, "An fk_mapping matches an attribute that is not the target's primary key.")
    static let lintUnknownMappedAttribute = DiagnosticCode("RM2009", .warning, "An extension section names an attribute the entity does not map.")
    static let lintDuplicatePathMapping = DiagnosticCode("RM2010", .warning, "Two path mappings with the same uri and key_path map objects twice.")
    static let lintSeveralFallbackMatchers = DiagnosticCode("RM2011", .warning, "A path mapping has several fallback matchers; only the last applies.")
    static let lintDuplicateRequestMapping = DiagnosticCode("RM2012", .warning, "Two request mappings serialize the same class.")
    static let lintRequestReadsServerKeys = DiagnosticCode("RM2013", .warning, "A request mapping reads the entity's server-side keys instead of its attributes.")
    static let lintBodyKeyEmptySegment = DiagnosticCode("RM2014", .error, "A request body key has an empty segment.")
    static let lintBodyKeyConflict = DiagnosticCode("RM2015", .error, "Two request body keys conflict (one is a value, the other writes inside it).")
    static let lintMatchersWithConnection = DiagnosticCode("RM2016", .error, "A relationship has both fk_mapping and matchers; its matchers would never be used.")
    static let lintRelationshipSeveralFallbacks = DiagnosticCode("RM2017", .warning, "A relationship has several fallback matchers; only the last applies.")
    static let lintKeyAttributeWithoutCollection = DiagnosticCode("RM2018", .warning, "A key_attribute without force_collection_mapping: a dictionary's last key is taken as the key.")
    static let lintUnfilledPlaceholder = DiagnosticCode("RM2019", .warning, "A (name) placeholder that no key_attribute fills; it is read or sent literally.")
    static let lintPlaceholderNotLeading = DiagnosticCode("RM2020", .warning, "A key path has its (name) placeholder after the first segment, so it reads nothing.")
    static let lintKeyedPathWithoutPlaceholder = DiagnosticCode("RM2021", .warning, "A key path of a keyed entity without the leading (name) placeholder reads the one-key dictionary and finds nothing.")
    static let lintUnusedKeyAttribute = DiagnosticCode("RM2022", .warning, "A request mapping's key_attribute that no body key uses; it has no effect.")
    static let lintUnsupportedPattern = DiagnosticCode("RM2023", .warning, "A uri path pattern holds a construct restmap does not understand (an unknown escape, two parameters with nothing between).")
    static let lintUnsupportedKeyPath = DiagnosticCode("RM2024", .warning, "A key path holds a construct restmap does not understand (an unknown @key, a pseudo key not at the start, an unknown @metadata path, an unbalanced placeholder).")
}

// MARK: RM21xx — the config against the Core Data model
extension DiagnosticCode {
    static let bindingUnknownEntity = DiagnosticCode("RM2101", .error, "A config entity is not in the model.")
    static let bindingTypeDisagrees = DiagnosticCode("RM2102", .warning, "entity_attribute_types and the model disagree on a type; the config's is used.")
    static let bindingAttributeIsRelationship = DiagnosticCode("RM2103", .error, "An attribute mapping writes what the model defines as a relationship.")
    static let bindingUnknownAttribute = DiagnosticCode("RM2104", .error, "An attribute mapping or primary key names an attribute the model's entity lacks.")
    static let bindingRelationshipIsAttribute = DiagnosticCode("RM2105", .error, "A relationship mapping names what the model defines as an attribute.")
    static let bindingUnknownRelationship = DiagnosticCode("RM2106", .error, "A relationship mapping names a relationship the model's entity lacks.")
    static let bindingTargetDisagrees = DiagnosticCode("RM2107", .error, "A relationship's target differs from the model's destination entity.")
    static let bindingIdentityNotMapped = DiagnosticCode("RM2109", .note, "The model identifies an entity by attributes the config does not map.")
    public static let bindingPrimaryKeyInferred = DiagnosticCode("RM2110", .note, "An entity's primary key is inferred from the model (check).")
}

// MARK: RM3xxx — parsing JSON, XML and property lists
extension DiagnosticCode {
    static let jsonSyntax = DiagnosticCode("RM3001", .error, "JSON syntax error: an unexpected character, a missing ',' or ':', a trailing comma or trailing text.")
    static let jsonUnexpectedEnd = DiagnosticCode("RM3002", .error, "The JSON document ends before its value does.")
    static let jsonInvalidString = DiagnosticCode("RM3003", .error, "A JSON string holds an invalid escape or an unescaped control character.")
    static let jsonInvalidUTF8 = DiagnosticCode("RM3004", .error, "The JSON document holds bytes that are not UTF-8.")
    static let jsonInvalidNumber = DiagnosticCode("RM3005", .error, "A JSON number is malformed.")
    static let jsonInvalidLiteral = DiagnosticCode("RM3006", .error, "A JSON literal other than true, false or null.")
    static let jsonTooDeep = DiagnosticCode("RM3007", .error, "JSON nesting deeper than --max-depth.")
    static let jsonRepeatedStreamedKey = DiagnosticCode("RM3008", .error, "A streamed key path occurs twice in a document, so JSON's last-wins rule cannot be honoured.")
    static let xmlMalformed = DiagnosticCode("RM3101", .error, "The XML document is not well formed (libxml2's message follows).")
    static let xmlTooDeep = DiagnosticCode("RM3102", .error, "XML elements nested deeper than --max-depth.")
    static let xmlEntityBomb = DiagnosticCode("RM3103", .error, "XML entity expansion loops or grows beyond its limit (an entity-expansion bomb).")
    static let xmlEntityNestingTooDeep = DiagnosticCode("RM3104", .error, "XML entity references nested too deep.")
    static let xmlNoRootElement = DiagnosticCode("RM3105", .error, "The XML document has no root element.")
    static let xmlTooLong = DiagnosticCode("RM3106", .error, "XML text or markup longer than libxml2's limit of 10,000,000 bytes.")
    static let xmlParserUnavailable = DiagnosticCode("RM3107", .error, "libxml2 could not start a parser.")
    static let xmlUndeclaredEntity = DiagnosticCode("RM3108", .warning, "A reference to an XML entity that is not declared; it is left out.")
    static let xmlExternalEntity = DiagnosticCode("RM3109", .warning, "An external XML entity, which restmap never loads; it is left out.")
    static let xmlTooManyAttributes = DiagnosticCode("RM3110", .error, "An XML element has more than 10,000 attributes (namespace declarations included).")
    static let plistMalformed = DiagnosticCode("RM3201", .error, "The XML property list is not well formed (libxml2's message follows).")
    static let plistInvalidStructure = DiagnosticCode("RM3202", .error, "The XML property list's elements are not a valid property list.")
    static let plistInvalidValue = DiagnosticCode("RM3203", .error, "A property-list <integer>, <real> or <data> holds an invalid value.")
    static let plistTooDeep = DiagnosticCode("RM3204", .error, "The property list nests too deep.")
    static let binaryPlistCorrupt = DiagnosticCode("RM3205", .error, "The binary property list is truncated, corrupt or uses an unsupported object.")
    static let binaryPlistExpandsTooFar = DiagnosticCode("RM3206", .error, "The binary property list expands to more than 1,000,000 values through shared references.")
}

// MARK: RM4xxx — mapping a payload
extension DiagnosticCode {
    static let noPathMapping = DiagnosticCode("RM4001", .error, "No path mapping serves the payload's request path.")
    public static let nothingMapped = DiagnosticCode("RM4002", .error, "The payload mapped no object (a warning for 4xx/5xx payloads).")
    static let conversionFailed = DiagnosticCode("RM4003", .warning, "A value its declared type refuses; the attribute is not set (an error in validate).")
    static let relationshipsTooDeep = DiagnosticCode("RM4004", .error, "Nested relationships deeper than restmap maps.")
    static let toOneGivenArray = DiagnosticCode("RM4005", .warning, "A to-one relationship's source is an array; it is not mapped.")
    static let relationshipElementNotObject = DiagnosticCode("RM4006", .warning, "A to-many relationship's elements are not objects; they are skipped.")
    static let relationshipValueNotObject = DiagnosticCode("RM4007", .warning, "A relationship's source is a scalar, not an object or array; it is not mapped.")
    static let matcherReachesContainer = DiagnosticCode("RM4008", .warning, "A matcher's key path reaches an object or array, which never equals its expected value.")
    static let relationshipCycle = DiagnosticCode("RM4009", .note, "Related objects met again inside their own subtree (a cycle).")
}

// MARK: RM5xxx — validate's findings and manifest
extension DiagnosticCode {
    static let missingPrimaryKey = DiagnosticCode("RM5001", .error, "A primary-key value is absent, null or not convertible.")
    static let keyPathAbsent = DiagnosticCode("RM5002", .warning, "A path mapping's key_path is not in the sample.")
    static let unmatchedObject = DiagnosticCode("RM5003", .warning, "An object at a path mapping's container that no matcher takes.")
    static let unmappedObject = DiagnosticCode("RM5004", .warning, "An object a matcher took that carries none of its mapping's key paths.")
    static let unresolvedConnection = DiagnosticCode("RM5005", .warning, "An fk_mapping connection with a non-null source finds no target.")
    static let nullConnection = DiagnosticCode("RM5006", .note, "An fk_mapping connection whose source is null; left unset.")
    static let conflictingDuplicate = DiagnosticCode("RM5007", .warning, "Two representations with one primary key and different values.")
    static let unreadKey = DiagnosticCode("RM5008", .note, "A payload key the config never reads (API drift).")
    static let expectationNotMet = DiagnosticCode("RM5009", .error, "A negative sample (expect: error) has no errors.")
    static let sampleTooLarge = DiagnosticCode("RM5010", .error, "A sample is larger than validate reads whole.")
    static let declinedRelatedObject = DiagnosticCode("RM5011", .warning, "A related object that no matcher of its relationship takes; it is left out.")
    static let manifestNotArray = DiagnosticCode("RM5101", .error, "The manifest is not an array of sample entries.")
    static let manifestEmpty = DiagnosticCode("RM5102", .warning, "The manifest lists no samples.")
    static let manifestInvalidEntry = DiagnosticCode("RM5103", .error, "A manifest entry is not a dictionary, or its file, path, status, expect, method or headers are invalid.")
    static let manifestSampleUnreadable = DiagnosticCode("RM5104", .error, "A manifest entry's sample file cannot be read.")
    static let manifestSampleOutside = DiagnosticCode("RM5105", .error, "A manifest entry's sample file lies outside the manifest's directory and the working directory (--allow-outside widens that).")
}

// MARK: RM6xxx — building a request body
extension DiagnosticCode {
    static let requestNoMappings = DiagnosticCode("RM6001", .error, "The config has no request_mappings.")
    static let requestNoMatch = DiagnosticCode("RM6002", .error, "No request mapping matches the --path or --class given.")
    static let requestAmbiguous = DiagnosticCode("RM6003", .error, "Several request mappings and neither --path nor --class.")
    static let requestSeveralMatch = DiagnosticCode("RM6004", .warning, "Several request mappings match; the first in config order applies.")
    static let requestFormNeedsRoot = DiagnosticCode("RM6005", .error, "A form body from an array needs a root_keypath.")
    static let requestInvalidXMLName = DiagnosticCode("RM6006", .error, "A root_keypath, class_name or body key is not a valid XML element name.")
    static let requestInputInvalid = DiagnosticCode("RM6007", .error, "The request input cannot be turned into a body (not an object, a value of the wrong type).")
}

// MARK: RM7xxx — files, arguments and usage
extension DiagnosticCode {
    static let fileUnopenable = DiagnosticCode("RM7001", .error, "A file cannot be opened (missing, no permission).")
    static let fileIsDirectory = DiagnosticCode("RM7002", .error, "A file argument names a directory.")
    static let readFailed = DiagnosticCode("RM7003", .error, "Reading an input failed.")
    public static let writeFailed = DiagnosticCode("RM7004", .error, "Writing the output failed.")
    static let inputTooLarge = DiagnosticCode("RM7005", .error, "An input is larger than the reader accepts.")
    public static let noConfig = DiagnosticCode("RM7006", .error, "No config was given and there is no restmap.plist.")
    public static let malformedArgument = DiagnosticCode("RM7007", .error, "A command-line argument is malformed (URI=FILE without a file).")
    public static let noSamples = DiagnosticCode("RM7008", .error, "validate has no samples: no manifest entry and no SAMPLE.")
    static let unknownEntityOption = DiagnosticCode("RM7009", .error, "--entity names an entity the config does not define.")
    static let requestPathUnspecified = DiagnosticCode("RM7010", .error, "An input or sample has no request path, and the config has several path mappings (or none).")
    public static let diagnosticsOmitted = DiagnosticCode("RM7011", .note, "More diagnostics of one kind than are printed; the rest are counted.")
    static let unexpectedFailure = DiagnosticCode("RM7012", .error, "A failure restmap has no more specific code for.")
    public static let baselineUnusable = DiagnosticCode("RM7013", .error, "A --baseline file cannot be read or is not a restmap baseline.")
}

// MARK: RM8xxx — the store (`map --store`, `dump`)
extension DiagnosticCode {
    public static let storeUnusable = DiagnosticCode("RM8001", .error, "The store file cannot be used: not a restmap store, from a newer restmap, unreadable, read-only, or its disk is full.")
    public static let storeCatalogDamaged = DiagnosticCode("RM8002", .error, "The store's own catalog of its schema is damaged.")
    public static let storeSchemaConflict = DiagnosticCode("RM8003", .error, "The config contradicts the stored schema: a changed primary key, attribute type, relationship target or cardinality.")
    public static let storeNameCollision = DiagnosticCode("RM8004", .error, "Two attributes, entities or relationships would share one column or table name in the store.")
    public static let storeWriteFailed = DiagnosticCode("RM8005", .error, "The store did not take a row as it should (no row id, no table).")
    public static let storeUnknownEntity = DiagnosticCode("RM8006", .error, "dump --entity names an entity the store does not hold.")
    public static let storePolymorphicRelationship = DiagnosticCode("RM8007", .error, "A relationship whose matchers choose several entities; a store relationship references one table.")
}
