// Every diagnostic code restmap reports, by area (see `DiagnosticCode`), each with a summary
// and a one-sentence fix. A new code goes here and into `DiagnosticCode.catalogue`; the table
// in docs/diagnostics.md lists them all (a test checks both). Never reuse or renumber a code: retire it instead.

// MARK: RM1xxx — reading and loading the config
extension DiagnosticCode {
    static let configTooLarge = DiagnosticCode("RM1001", .error, "The config file is larger than a config can be (16 MiB).",
        fix: "Split the config, or check that -c names the config and not a payload.")
    static let documentEmpty = DiagnosticCode("RM1002", .error, "The config (or manifest) file is empty.",
        fix: "Point -c (or --manifest) at the right file, or fill the file in.")
    static let documentFormatUnknown = DiagnosticCode("RM1003", .error, "The config (or manifest) is neither a property list (XML or binary) nor JSON.",
        fix: "Save the file as an XML or binary property list, or as JSON.")
    static let configRootNotDictionary = DiagnosticCode("RM1004", .error, "The config's root value is not a dictionary.",
        fix: "Make the file's top-level value a dictionary of mapping sections.")
    static let configNoSections = DiagnosticCode("RM1005", .error, "The config has none of the mapping sections.",
        fix: "Add at least one mapping section, such as entity_attribute_mappings or path_mappings.")
    static let configUnknownSection = DiagnosticCode("RM1006", .warning, "A top-level section restmap does not know; it is ignored.",
        fix: "Fix the section name's spelling, or remove the section.")
    static let configWrongType = DiagnosticCode("RM1007", .error, "A config entry has the wrong type (a string where a dictionary belongs, ...).",
        fix: "Give the entry the type the message names (a dictionary, an array, a string, ...).")
    static let configUnknownKey = DiagnosticCode("RM1008", .warning, "A key restmap does not know inside a config entry; it is ignored.",
        fix: "Fix the key's spelling, or remove the key.")
    static let configDuplicateKey = DiagnosticCode("RM1009", .warning, "A key appears twice in one dictionary; the last one is used.",
        fix: "Remove one of the two keys, keeping the value you mean.")
    static let configMissingEntry = DiagnosticCode("RM1010", .error, "A config entry lacks a part it needs (a target, a key_path, a uri, a class_name, attributes).",
        fix: "Add the part the message names to the entry.")
    static let configEmptyAttributeName = DiagnosticCode("RM1011", .error, "An attribute mapping maps to an empty attribute name.",
        fix: "Give the attribute mapping a non-empty attribute name.")
    static let configAttributeWrittenTwice = DiagnosticCode("RM1012", .error, "Two mappings of one entity write the same attribute.",
        fix: "Have only one of the mappings write the attribute, or rename one of the attributes.")
    static let configNoMatchers = DiagnosticCode("RM1013", .error, "A path mapping has no matchers, so nothing at its path can be mapped.",
        fix: "Add at least one matcher to the mapping's matchers.")
    static let configIncompleteMatcher = DiagnosticCode("RM1014", .error, "A matcher lacks its key_path, expected_value, entity_name or attribute_mappings.",
        fix: "Add the missing key_path, expected_value, entity_name or attribute_mappings to the matcher.")
    static let configIgnoredEntry = DiagnosticCode("RM1015", .warning, "Config entries that another entry makes irrelevant; they are ignored.",
        fix: "Remove the keys the message says are ignored.")
    static let configUnknownType = DiagnosticCode("RM1016", .error, "entity_attribute_types names a type restmap does not know.",
        fix: "Use one of the types restmap knows (see the message), or fix the type's spelling.")
    static let configInvalidDatePattern = DiagnosticCode("RM1017", .error, "A date_formats pattern cannot be used.",
        fix: "Fix the date_formats pattern as the message says, using Unicode date format symbols.")
    static let configInvalidKeyAttribute = DiagnosticCode("RM1018", .error, "A key_attribute is empty or is not a single attribute name.",
        fix: "Set key_attribute to the name of one attribute.")
    static let configNestingTooDeep = DiagnosticCode("RM1019", .error, "Request mappings nested (relationship_mappings) more than 64 levels deep.",
        fix: "Flatten the request mappings so they nest at most 64 levels deep.")
}

// MARK: RM11xx — the Core Data model
extension DiagnosticCode {
    static let modelNotFound = DiagnosticCode("RM1101", .error, "The Core Data model (or a version in its bundle) cannot be found.",
        fix: "Check the --model path, and that the bundle holds the version it names.")
    static let modelCompiled = DiagnosticCode("RM1102", .error, "The model is a compiled one (.mom/.momd); restmap reads the .xcdatamodeld source.",
        fix: "Pass the .xcdatamodeld (or .xcdatamodel) source from the Xcode project, not the compiled model.")
    static let modelUnsupportedFormat = DiagnosticCode("RM1103", .error, "The model is in the Xcode 3 format, which is not supported.",
        fix: "Open the model in a current Xcode and save it to convert it to the current format.")
    static let modelVersionGuessed = DiagnosticCode("RM1104", .warning, "The model bundle has no .xccurrentversion; the last version by name is used.",
        fix: "Add a .xccurrentversion to the bundle (Xcode writes one when you set the current version).")
    static let modelMalformed = DiagnosticCode("RM1105", .error, "The model file cannot be parsed, or is not a Core Data model.",
        fix: "Check that --model names a Core Data model and that its contents file is intact XML.")
    static let modelUnexpectedVersion = DiagnosticCode("RM1106", .warning, "The model declares a type or documentVersion restmap does not expect; read anyway.",
        fix: "Check the model was saved by Xcode; re-save it in Xcode if the results look wrong.")
    static let modelDuplicateEntity = DiagnosticCode("RM1107", .error, "The model defines an entity more than once.",
        fix: "Remove or rename the extra entity definition in the model.")
    static let modelDuplicateProperty = DiagnosticCode("RM1108", .warning, "The model declares a property (or composite) more than once; one declaration is used.",
        fix: "Remove the duplicate property or composite declaration from the model.")
    static let modelMissingPart = DiagnosticCode("RM1109", .error, "A model element lacks its name or destinationEntity.",
        fix: "Give the model element its missing name or destinationEntity in Xcode.")
    static let modelUnknownAttributeType = DiagnosticCode("RM1110", .warning, "A model attribute has no or an unknown attributeType; its values pass through.",
        fix: "Give the model attribute a valid attribute type in Xcode.")
    static let modelDanglingReference = DiagnosticCode("RM1111", .warning, "A model element names an entity, inverse, composite or property the model does not define.",
        fix: "Define the missing entity, inverse, composite or property, or fix the reference in the model.")
    static let modelInheritance = DiagnosticCode("RM1112", .error, "A parentEntity that does not exist, or an inheritance cycle.",
        fix: "Point parentEntity at an entity that exists and break the inheritance cycle.")
    static let modelIdentification = DiagnosticCode("RM1113", .warning, "A model's identifying-attributes userInfo names no or unknown attributes.",
        fix: "List existing attributes of the entity in its identifying-attributes userInfo entry.")
    static let modelIgnoredEntry = DiagnosticCode("RM1114", .warning, "A model userInfo entry without a key; it is ignored.",
        fix: "Give the userInfo entry a key in the model, or remove it.")

    // RM12xx: reading an OpenAPI document (`init --openapi`).
    public static let openAPIUnreadable = DiagnosticCode("RM1201", .error, "The OpenAPI document cannot be read: not YAML or JSON, too large, or nested or aliased too deeply.",
        fix: "Check that --openapi names the API's OpenAPI document and that it is intact YAML or JSON.")
    public static let openAPIVersion = DiagnosticCode("RM1202", .error, "The document is not OpenAPI 3.0 or 3.1 (a Swagger 2.0 document, or no openapi field).",
        fix: "Convert a Swagger 2.0 document to OpenAPI 3 (swagger2openapi, or the Swagger editor), or point --openapi at the OpenAPI 3 document.")
    public static let openAPIReference = DiagnosticCode("RM1203", .error, "A $ref cannot be followed: its target is missing, remote, or a file outside the document's folder.",
        fix: "Fix the $ref to name a component that exists, in this document or a file beside it; copy remote definitions into a local file.")
    public static let openAPINothingToSketch = DiagnosticCode("RM1204", .error, "No operation of the document has a JSON response whose schema holds objects.",
        fix: "Give the operations' 2xx responses an application/json schema with object properties, or start from sample payloads instead.")
}

// MARK: RM2xxx — config lint
extension DiagnosticCode {
    static let lintUndefinedEntity = DiagnosticCode("RM2001", .error, "An entry names an entity that entity_attribute_mappings does not define.",
        fix: "Define the entity in entity_attribute_mappings, or fix the entity name's spelling.")
    static let lintWritesInsideValue = DiagnosticCode("RM2002", .error, "An attribute writes inside a key path that is itself mapped as a value.",
        fix: "Map the outer key path or the keys inside it, not both.")
    static let lintPrimaryKeyNotMapped = DiagnosticCode("RM2003", .error, "A primary key is not a mapped attribute of its entity.",
        fix: "Add the primary key attribute to the entity's attribute mappings, or fix its name.")
    static let lintRelationshipDefinedTwice = DiagnosticCode("RM2004", .error, "A relationship of one entity is defined twice.",
        fix: "Keep only one definition of the relationship.")
    static let lintRelationshipShadowsAttribute = DiagnosticCode("RM2005", .warning, "A relationship has the name of an attribute; the relationship wins in records.",
        fix: "Rename the relationship or the attribute so they differ.")
    static let lintForeignKeySourceNotMapped = DiagnosticCode("RM2006", .error, "An fk_mapping reads an attribute its entity does not map.",
        fix: "Map the attribute the fk_mapping reads in its entity, or fix the fk_mapping's source.")
    static let lintForeignKeyTargetNotMapped = DiagnosticCode("RM2007", .error, "An fk_mapping matches an attribute the target entity does not map.",
        fix: "Map the attribute in the target entity, or fix the fk_mapping's target attribute.")
    static let lintForeignKeyTargetNotKey = DiagnosticCode("RM2008", .warning, "An fk_mapping matches an attribute that is not the target's primary key.",
        fix: "Match the target's primary key in the fk_mapping, or make that attribute the primary key.")
    static let lintUnknownMappedAttribute = DiagnosticCode("RM2009", .warning, "An extension section names an attribute the entity does not map.",
        fix: "Use an attribute the entity maps, or add it to the entity's attribute mappings.")
    static let lintDuplicatePathMapping = DiagnosticCode("RM2010", .warning, "Two path mappings with the same uri and key_path map objects twice.",
        fix: "Remove one of the duplicate path mappings, or give them different uris or key_paths.")
    static let lintSeveralFallbackMatchers = DiagnosticCode("RM2011", .warning, "A path mapping has several fallback matchers; only the last applies.",
        fix: "Keep one fallback matcher, or give the others a key_path and expected_value.")
    static let lintDuplicateRequestMapping = DiagnosticCode("RM2012", .warning, "Two request mappings serialize the same class.",
        fix: "Keep one request mapping per class, or remove the duplicate.")
    static let lintRequestReadsServerKeys = DiagnosticCode("RM2013", .warning, "A request mapping reads the entity's server-side keys instead of its attributes.",
        fix: "Swap the request mapping's keys and values: read client attributes, write body keys.")
    static let lintBodyKeyEmptySegment = DiagnosticCode("RM2014", .error, "A request body key has an empty segment.",
        fix: "Remove the empty segment (a leading, doubled or trailing dot) from the body key.")
    static let lintBodyKeyConflict = DiagnosticCode("RM2015", .error, "Two request body keys conflict (one is a value, the other writes inside it).",
        fix: "Rename one of the body keys so one does not write inside the other's value.")
    static let lintMatchersWithConnection = DiagnosticCode("RM2016", .error, "A relationship has both fk_mapping and matchers; its matchers would never be used.",
        fix: "Use either fk_mapping or matchers on the relationship, not both.")
    static let lintRelationshipSeveralFallbacks = DiagnosticCode("RM2017", .warning, "A relationship has several fallback matchers; only the last applies.",
        fix: "Keep one fallback matcher on the relationship, or give the others a key_path and expected_value.")
    static let lintKeyAttributeWithoutCollection = DiagnosticCode("RM2018", .warning, "A key_attribute without force_collection_mapping: a dictionary's last key is taken as the key.",
        fix: "Add force_collection_mapping to the entity's mapping_options, or remove key_attribute.")
    static let lintUnfilledPlaceholder = DiagnosticCode("RM2019", .warning, "A (name) placeholder that no key_attribute fills; it is read or sent literally.",
        fix: "Add a key_attribute that fills the placeholder, or remove the placeholder.")
    static let lintPlaceholderNotLeading = DiagnosticCode("RM2020", .warning, "A key path has its (name) placeholder after the first segment, so it reads nothing.",
        fix: "Move the (name) placeholder to the start of the key path.")
    static let lintKeyedPathWithoutPlaceholder = DiagnosticCode("RM2021", .warning, "A key path of a keyed entity without the leading (name) placeholder reads the one-key dictionary and finds nothing.",
        fix: "Start the key path with the (name) placeholder that key_attribute fills.")
    static let lintUnusedKeyAttribute = DiagnosticCode("RM2022", .warning, "A request mapping's key_attribute that no body key uses; it has no effect.",
        fix: "Use the key_attribute in a body key, or remove it.")
    static let lintUnsupportedPattern = DiagnosticCode("RM2023", .warning, "A uri path pattern holds a construct restmap does not understand (an unknown escape, two parameters with nothing between).",
        fix: "Rewrite the uri pattern: drop the unknown escape, or put text between the two parameters.")
    static let lintUnsupportedKeyPath = DiagnosticCode("RM2024", .warning, "A key path holds a construct restmap does not understand (an unknown @key, a pseudo key not at the start, an unknown @metadata path, an unbalanced placeholder).",
        fix: "Rewrite the key path with only the constructs restmap supports (see the message).")
}

// MARK: RM21xx — the config against the Core Data model
extension DiagnosticCode {
    static let bindingUnknownEntity = DiagnosticCode("RM2101", .error, "A config entity is not in the model.",
        fix: "Add the entity to the model, or fix the entity name in the config.")
    static let bindingTypeDisagrees = DiagnosticCode("RM2102", .warning, "entity_attribute_types and the model disagree on a type; the config's is used.",
        fix: "Make the type in entity_attribute_types match the model, or drop it to use the model's.")
    static let bindingAttributeIsRelationship = DiagnosticCode("RM2103", .error, "An attribute mapping writes what the model defines as a relationship.",
        fix: "Map the key as a relationship instead of an attribute.")
    static let bindingUnknownAttribute = DiagnosticCode("RM2104", .error, "An attribute mapping or primary key names an attribute the model's entity lacks.",
        fix: "Add the attribute to the model's entity, or fix the attribute name in the config.")
    static let bindingRelationshipIsAttribute = DiagnosticCode("RM2105", .error, "A relationship mapping names what the model defines as an attribute.",
        fix: "Map the key as an attribute instead of a relationship.")
    static let bindingUnknownRelationship = DiagnosticCode("RM2106", .error, "A relationship mapping names a relationship the model's entity lacks.",
        fix: "Add the relationship to the model's entity, or fix its name in the config.")
    static let bindingTargetDisagrees = DiagnosticCode("RM2107", .error, "A relationship's target differs from the model's destination entity.",
        fix: "Make the relationship's target the model's destination entity.")
    static let bindingIdentityNotMapped = DiagnosticCode("RM2109", .note, "The model identifies an entity by attributes the config does not map.",
        fix: "Map the identifying attributes, or give the entity a primary_key_mappings entry.")
    public static let bindingPrimaryKeyInferred = DiagnosticCode("RM2110", .note, "An entity's primary key is inferred from the model (check).",
        fix: "Check the inferred key; add a primary_key_mappings entry to make it explicit.")

    // RM22xx: the config against an OpenAPI document (`check --openapi`).
    public static let openAPIUnknownPath = DiagnosticCode("RM2201", .warning, "A path mapping matches no path of the OpenAPI document.",
        fix: "Fix the path mapping's uri, or add the path to the document if the API serves it.")
    public static let openAPIUnmappedPath = DiagnosticCode("RM2202", .note, "A path of the OpenAPI document with a JSON response that no path mapping matches.",
        fix: "Add a path mapping for the path if the app calls it (init --openapi sketches one), or ignore the note.")
    public static let openAPIUnknownKey = DiagnosticCode("RM2203", .warning, "A key path the response schema does not have.",
        fix: "Fix the key path to a property the schema has, or add the property to the schema if the API sends it.")
    public static let openAPITypeMismatch = DiagnosticCode("RM2204", .warning, "An attribute's type contradicts the type or format the schema gives its property.",
        fix: "Change the attribute's type (entity_attribute_types or the model) to one the schema's values convert to, or fix the schema.")
    public static let openAPIRequiredUnread = DiagnosticCode("RM2205", .note, "A property the response schema requires that no mapping reads.",
        fix: "Map the property if the app needs it, or ignore the note.")
}

// MARK: RM3xxx — parsing JSON, XML and property lists
extension DiagnosticCode {
    static let jsonSyntax = DiagnosticCode("RM3001", .error, "JSON syntax error: an unexpected character, a missing ',' or ':', a trailing comma or trailing text.",
        fix: "Fix the JSON at the reported line and column.")
    static let jsonUnexpectedEnd = DiagnosticCode("RM3002", .error, "The JSON document ends before its value does.",
        fix: "Complete the document: check for a truncated file or a missing closing bracket or quote.")
    static let jsonInvalidString = DiagnosticCode("RM3003", .error, "A JSON string holds an invalid escape or an unescaped control character.",
        fix: "Escape the character in the JSON string, or fix the escape sequence.")
    static let jsonInvalidUTF8 = DiagnosticCode("RM3004", .error, "The JSON document holds bytes that are not UTF-8.",
        fix: "Save the document as UTF-8.")
    static let jsonInvalidNumber = DiagnosticCode("RM3005", .error, "A JSON number is malformed.",
        fix: "Write the number in valid JSON form (no leading zeros, no trailing dot, no NaN).")
    static let jsonInvalidLiteral = DiagnosticCode("RM3006", .error, "A JSON literal other than true, false or null.",
        fix: "Use true, false or null, or quote the value as a string.")
    static let jsonTooDeep = DiagnosticCode("RM3007", .error, "JSON nesting deeper than --max-depth.",
        fix: "Raise --max-depth, or check the document for runaway nesting.")
    static let jsonRepeatedStreamedKey = DiagnosticCode("RM3008", .error, "A streamed key path occurs twice in a document, so JSON's last-wins rule cannot be honoured.",
        fix: "Remove the repeated key from the document, so each key path occurs once.")
    static let xmlMalformed = DiagnosticCode("RM3101", .error, "The XML document is not well formed (libxml2's message follows).",
        fix: "Fix the XML at the reported line, as the libxml2 message describes.")
    static let xmlTooDeep = DiagnosticCode("RM3102", .error, "XML elements nested deeper than --max-depth.",
        fix: "Raise --max-depth (XML is capped at 2048), or check the document for runaway nesting.")
    static let xmlEntityBomb = DiagnosticCode("RM3103", .error, "XML entity expansion loops or grows beyond its limit (an entity-expansion bomb).",
        fix: "Remove the recursive or expanding entity declarations from the document.")
    static let xmlEntityNestingTooDeep = DiagnosticCode("RM3104", .error, "XML entity references nested too deep.",
        fix: "Reduce the nesting of entity references in the document.")
    static let xmlNoRootElement = DiagnosticCode("RM3105", .error, "The XML document has no root element.",
        fix: "Add a root element to the XML document.")
    static let xmlTooLong = DiagnosticCode("RM3106", .error, "XML text or markup longer than libxml2's limit of 10,000,000 bytes.",
        fix: "Shorten the text node or markup below 10,000,000 bytes.")
    static let xmlParserUnavailable = DiagnosticCode("RM3107", .error, "libxml2 could not start a parser.",
        fix: "Retry; if it persists, check that libxml2 is installed and memory is available.")
    static let xmlUndeclaredEntity = DiagnosticCode("RM3108", .warning, "A reference to an XML entity that is not declared; it is left out.",
        fix: "Declare the entity, or replace the reference with its text.")
    static let xmlExternalEntity = DiagnosticCode("RM3109", .warning, "An external XML entity, which restmap never loads; it is left out.",
        fix: "Replace the external entity reference with the text it stands for.")
    static let xmlTooManyAttributes = DiagnosticCode("RM3110", .error, "An XML element has more than 10,000 attributes (namespace declarations included).",
        fix: "Reduce the element's attributes and namespace declarations to at most 10,000.")
    static let plistMalformed = DiagnosticCode("RM3201", .error, "The XML property list is not well formed (libxml2's message follows).",
        fix: "Fix the property list XML at the reported line, or re-save it with plutil.")
    static let plistInvalidStructure = DiagnosticCode("RM3202", .error, "The XML property list's elements are not a valid property list.",
        fix: "Fix the property list structure (check with plutil -lint).")
    static let plistInvalidValue = DiagnosticCode("RM3203", .error, "A property-list <integer>, <real> or <data> holds an invalid value.",
        fix: "Fix the value of the <integer>, <real> or <data> element.")
    static let plistTooDeep = DiagnosticCode("RM3204", .error, "The property list nests too deep.",
        fix: "Flatten the property list so it nests less deeply.")
    static let binaryPlistCorrupt = DiagnosticCode("RM3205", .error, "The binary property list is truncated, corrupt or uses an unsupported object.",
        fix: "Re-create the binary property list, or convert it to XML with plutil.")
    static let binaryPlistExpandsTooFar = DiagnosticCode("RM3206", .error, "The binary property list expands to more than 1,000,000 values through shared references.",
        fix: "Re-create the property list without so many shared references, or convert it to XML.")
}

// MARK: RM4xxx — mapping a payload
extension DiagnosticCode {
    static let noPathMapping = DiagnosticCode("RM4001", .error, "No path mapping serves the payload's request path.",
        fix: "Add a path mapping for the request path, or pass the right --path.")
    public static let nothingMapped = DiagnosticCode("RM4002", .error, "The payload mapped no object (a warning for 4xx/5xx payloads).",
        fix: "Check the payload against the path mapping's key_path and matchers, and the request path.")
    static let conversionFailed = DiagnosticCode("RM4003", .warning, "A value its declared type refuses; the attribute is not set (an error in validate).",
        fix: "Fix the value in the payload, or change the attribute's type in the config or model.")
    static let relationshipsTooDeep = DiagnosticCode("RM4004", .error, "Nested relationships deeper than restmap maps.",
        fix: "Flatten the relationship nesting in the config or payload.")
    static let toOneGivenArray = DiagnosticCode("RM4005", .warning, "A to-one relationship's source is an array; it is not mapped.",
        fix: "Make the relationship to-many in the model, or send a single object.")
    static let relationshipElementNotObject = DiagnosticCode("RM4006", .warning, "A to-many relationship's elements are not objects; they are skipped.",
        fix: "Send objects in the relationship's array, or map the array as an attribute.")
    static let relationshipValueNotObject = DiagnosticCode("RM4007", .warning, "A relationship's source is a scalar, not an object or array; it is not mapped.",
        fix: "Point the relationship at a key holding an object or array, or map the value as an attribute.")
    static let matcherReachesContainer = DiagnosticCode("RM4008", .warning, "A matcher's key path reaches an object or array, which never equals its expected value.",
        fix: "Point the matcher's key_path at a scalar value, not an object or array.")
    static let relationshipCycle = DiagnosticCode("RM4009", .note, "Related objects met again inside their own subtree (a cycle).",
        fix: "No fix needed if the cycle is real; otherwise break it in the payload or mappings.")
}

// MARK: RM5xxx — validate's findings and manifest
extension DiagnosticCode {
    static let missingPrimaryKey = DiagnosticCode("RM5001", .error, "A primary-key value is absent, null or not convertible.",
        fix: "Send the primary key in every object, or fix the primary key mapping.")
    static let keyPathAbsent = DiagnosticCode("RM5002", .warning, "A path mapping's key_path is not in the sample.",
        fix: "Fix the path mapping's key_path, or check the sample is the response you expect.")
    static let unmatchedObject = DiagnosticCode("RM5003", .warning, "An object at a path mapping's container that no matcher takes.",
        fix: "Add a matcher (or a fallback matcher) for the object, or check its expected_value.")
    static let unmappedObject = DiagnosticCode("RM5004", .warning, "An object a matcher took that carries none of its mapping's key paths.",
        fix: "Fix the mapping's key paths to match the object's keys.")
    static let unresolvedConnection = DiagnosticCode("RM5005", .warning, "An fk_mapping connection with a non-null source finds no target.",
        fix: "Include the target object in the payload, or fix the fk_mapping.")
    static let nullConnection = DiagnosticCode("RM5006", .note, "An fk_mapping connection whose source is null; left unset.",
        fix: "No fix needed if null is expected; otherwise send a value for the source key.")
    static let conflictingDuplicate = DiagnosticCode("RM5007", .warning, "Two representations with one primary key and different values.",
        fix: "Make the representations agree, or check the primary key is really unique.")
    static let unreadKey = DiagnosticCode("RM5008", .note, "A payload key the config never reads (API drift).",
        fix: "Map the key if you need it (validate --suggest proposes entries), or leave it unread.")
    static let expectationNotMet = DiagnosticCode("RM5009", .error, "A negative sample (expect: error) has no errors.",
        fix: "Check the sample really is invalid, or remove expect: error from its manifest entry.")
    static let sampleTooLarge = DiagnosticCode("RM5010", .error, "A sample is larger than validate reads whole.",
        fix: "Trim the sample, or map it with restmap map, which streams inputs of any size.")
    static let declinedRelatedObject = DiagnosticCode("RM5011", .warning, "A related object that no matcher of its relationship takes; it is left out.",
        fix: "Add a matcher for the related object to the relationship, or check its expected_value.")
    static let manifestNotArray = DiagnosticCode("RM5101", .error, "The manifest is not an array of sample entries.",
        fix: "Make the manifest's top-level value an array of sample entries.")
    static let manifestEmpty = DiagnosticCode("RM5102", .warning, "The manifest lists no samples.",
        fix: "Add sample entries to the manifest.")
    static let manifestInvalidEntry = DiagnosticCode("RM5103", .error, "A manifest entry is not a dictionary, or its file, path, status, expect, method or headers are invalid.",
        fix: "Fix the entry so it is a dictionary with a valid file, path, status, expect, method and headers.")
    static let manifestSampleUnreadable = DiagnosticCode("RM5104", .error, "A manifest entry's sample file cannot be read.",
        fix: "Fix the entry's file path (relative to the manifest), or check the file's permissions.")
    static let manifestSampleOutside = DiagnosticCode("RM5105", .error, "A manifest entry's sample file lies outside the manifest's directory and the working directory (--allow-outside widens that).",
        fix: "Move the sample next to the manifest, or pass --allow-outside with its directory.")
}

// MARK: RM6xxx — building a request body
extension DiagnosticCode {
    static let requestNoMappings = DiagnosticCode("RM6001", .error, "The config has no request_mappings.",
        fix: "Add request_mappings to the config.")
    static let requestNoMatch = DiagnosticCode("RM6002", .error, "No request mapping matches the --path or --class given.",
        fix: "Check --path or --class against the config's request mappings.")
    static let requestAmbiguous = DiagnosticCode("RM6003", .error, "Several request mappings and neither --path nor --class.",
        fix: "Pass --path or --class to choose a request mapping.")
    static let requestSeveralMatch = DiagnosticCode("RM6004", .warning, "Several request mappings match; the first in config order applies.",
        fix: "Pass a more specific --path or --class, or reorder the request mappings.")
    static let requestFormNeedsRoot = DiagnosticCode("RM6005", .error, "A form body from an array needs a root_keypath.",
        fix: "Add a root_keypath to the request mapping, or use another --format.")
    static let requestInvalidXMLName = DiagnosticCode("RM6006", .error, "A root_keypath, class_name or body key is not a valid XML element name.",
        fix: "Rename the key or class so it is a valid XML element name, or use another --format.")
    static let requestInputInvalid = DiagnosticCode("RM6007", .error, "The request input cannot be turned into a body (not an object, a value of the wrong type).",
        fix: "Give the request an object input with values of the mapped types.")
}

// MARK: RM7xxx — files, arguments and usage
extension DiagnosticCode {
    static let fileUnopenable = DiagnosticCode("RM7001", .error, "A file cannot be opened (missing, no permission).",
        fix: "Check the path exists and that you can read it.")
    static let fileIsDirectory = DiagnosticCode("RM7002", .error, "A file argument names a directory.",
        fix: "Name a file, not a directory.")
    static let readFailed = DiagnosticCode("RM7003", .error, "Reading an input failed.",
        fix: "Check the file or device is still readable, and try again.")
    public static let writeFailed = DiagnosticCode("RM7004", .error, "Writing the output failed.",
        fix: "Check the output path is writable and the disk has room.")
    static let inputTooLarge = DiagnosticCode("RM7005", .error, "An input is larger than the reader accepts.",
        fix: "Check you gave the right file, or split the input.")
    public static let noConfig = DiagnosticCode("RM7006", .error, "No config was given and there is no restmap.plist.",
        fix: "Pass the config with -c, or run in a directory that holds restmap.plist.")
    public static let malformedArgument = DiagnosticCode("RM7007", .error, "A command-line argument is malformed (URI=FILE without a file).",
        fix: "Write the argument as the message shows, e.g. URI=FILE with a file after the '='.")
    public static let noSamples = DiagnosticCode("RM7008", .error, "validate has no samples: no manifest entry and no SAMPLE.",
        fix: "Pass a SAMPLE, or a --manifest listing samples.")
    static let unknownEntityOption = DiagnosticCode("RM7009", .error, "--entity names an entity the config does not define.",
        fix: "Use an entity the config defines, or fix the name's spelling.")
    static let requestPathUnspecified = DiagnosticCode("RM7010", .error, "An input or sample has no request path, and the config has several path mappings (or none).",
        fix: "Pass --path (or URI=FILE), or give the manifest entry a path.")
    public static let diagnosticsOmitted = DiagnosticCode("RM7011", .note, "More diagnostics of one kind than are printed; the rest are counted.",
        fix: "No fix needed: address the printed diagnostics; the omitted ones are of the same kind.")
    static let unexpectedFailure = DiagnosticCode("RM7012", .error, "A failure restmap has no more specific code for.",
        fix: "Read the message for the cause; if it looks like a bug, report it with the input.")
    static let baselineUnusable = DiagnosticCode("RM7013", .error, "A --baseline file cannot be read or is not a restmap baseline.",
        fix: "Check the --baseline path, or write a new baseline with --write-baseline.")
}

// MARK: RM8xxx — the store (`map --store`, `dump`)
extension DiagnosticCode {
    public static let storeUnusable = DiagnosticCode("RM8001", .error, "The store file cannot be used: not a restmap store, from a newer restmap, unreadable, read-only, or its disk is full.",
        fix: "Check the store path or URL, its permissions and disk space, or use a new store.")
    public static let storeCatalogDamaged = DiagnosticCode("RM8002", .error, "The store's own catalog of its schema is damaged.",
        fix: "Restore the store from a backup, or start a new store.")
    public static let storeSchemaConflict = DiagnosticCode("RM8003", .error, "The config contradicts the stored schema: a changed primary key, attribute type, relationship target or cardinality.",
        fix: "Use a new store, or change the config back to match the stored schema.")
    public static let storeNameCollision = DiagnosticCode("RM8004", .error, "Two attributes, entities or relationships would share one column or table name in the store.",
        fix: "Rename one of the attributes, entities or relationships so the names differ.")
    public static let storeWriteFailed = DiagnosticCode("RM8005", .error, "The store did not take a row as it should (no row id, no table).",
        fix: "Check the store was not changed by another program, or use a new store.")
    public static let storeUnknownEntity = DiagnosticCode("RM8006", .error, "dump --entity names an entity the store does not hold.",
        fix: "Use an entity the store holds, or map some of that entity into the store first.")
    public static let storePolymorphicRelationship = DiagnosticCode("RM8007", .error, "A relationship whose matchers choose several entities; a store relationship references one table.",
        fix: "Map without --store, or give the relationship matchers that choose one entity.")
}
