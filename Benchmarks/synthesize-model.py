#!/usr/bin/env python3
"""Writes a synthetic Core Data model bundle: ENTITIES entities x 20 attributes x 3 relationships.

Usage: synthesize-model.py ENTITIES OUTPUT_DIR [MODEL_NAME]
Creates OUTPUT_DIR/MODEL_NAME.xcdatamodeld/MODEL_NAME.xcdatamodel/contents (+ .xccurrentversion).

Attributes mix every common type, with bounds, defaults, optional scalars and regexes; relationships
are a to-one `parent` with its to-many inverse `children` on the neighbour entity, and a many-to-many
self relationship `peers`, so every inverse resolves. Output is deterministic.
"""
import os
import sys

# (name, xml attributes); required unless optional="YES".
ATTRIBUTES = [
    ("identifier", 'attributeType="UUID" usesScalarValueType="NO"'),
    ("title", 'attributeType="String" minValueString="1" maxValueString="200" defaultValueString="Untitled"'),
    ("subtitle", 'optional="YES" attributeType="String" regularExpressionString="^[A-Za-z ]*$"'),
    ("code", 'attributeType="String" regularExpressionString="^[A-Z]{3}-[0-9]{4}$" defaultValueString="ABC-0001"'),
    ("count16", 'attributeType="Integer 16" minValueString="0" maxValueString="1000" defaultValueString="1" usesScalarValueType="YES"'),
    ("count32", 'optional="YES" attributeType="Integer 32" minValueString="-5" maxValueString="5" usesScalarValueType="YES"'),
    ("count64", 'attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"'),
    ("ratio", 'attributeType="Double" minValueString="0" maxValueString="1" defaultValueString="0.5" usesScalarValueType="YES"'),
    ("score", 'optional="YES" attributeType="Float" usesScalarValueType="YES"'),
    ("price", 'attributeType="Decimal" minValueString="0" maxValueString="1000" defaultValueString="9.99"'),
    ("isActive", 'attributeType="Boolean" defaultValueString="YES" usesScalarValueType="YES"'),
    ("isArchived", 'optional="YES" attributeType="Boolean" usesScalarValueType="YES"'),
    ("createdAt", 'attributeType="Date" minValueString="2001-01-01 00:00:00" maxValueString="2033-01-01 00:00:00" usesScalarValueType="NO"'),
    ("editedAt", 'optional="YES" attributeType="Date" usesScalarValueType="NO"'),
    ("payload", 'optional="YES" attributeType="Binary" maxValueString="1048576" allowsExternalBinaryDataStorage="YES"'),
    ("link", 'optional="YES" attributeType="URI" defaultValueString="https://example.com/items"'),
    ("notes", 'optional="YES" attributeType="String" maxValueString="10000"'),
    ("revision", 'optional="YES" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="NO"'),
    ("weight", 'attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"'),
    ("style", 'optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="NSAttributedString"'),
]


def entity_name(index):
    return "Entity%04d" % index


def contents(entity_count):
    lines = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23507" '
        'systemVersion="23E224" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">',
    ]
    for index in range(entity_count):
        name = entity_name(index)
        parent = entity_name((index + 1) % entity_count)
        child = entity_name((index - 1) % entity_count)
        lines.append('    <entity name="%s" representedClassName="%s" syncable="YES">' % (name, name))
        for attribute, xml in ATTRIBUTES:
            lines.append('        <attribute name="%s" %s/>' % (attribute, xml))
        lines.append(
            '        <relationship name="children" optional="YES" toMany="YES" deletionRule="Cascade" '
            'destinationEntity="%s" inverseName="parent" inverseEntity="%s"/>' % (child, child))
        lines.append(
            '        <relationship name="parent" optional="YES" maxCount="1" deletionRule="Nullify" '
            'destinationEntity="%s" inverseName="children" inverseEntity="%s"/>' % (parent, parent))
        lines.append(
            '        <relationship name="peers" optional="YES" toMany="YES" maxCount="10" deletionRule="Nullify" '
            'destinationEntity="%s" inverseName="peers" inverseEntity="%s"/>' % (name, name))
        lines.append('    </entity>')
    lines.append('</model>')
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    entity_count = int(sys.argv[1])
    output = sys.argv[2]
    model = sys.argv[3] if len(sys.argv) > 3 else "Synthetic%d" % entity_count
    bundle = os.path.join(output, model + ".xcdatamodeld")
    version = os.path.join(bundle, model + ".xcdatamodel")
    os.makedirs(version, exist_ok=True)
    with open(os.path.join(version, "contents"), "w", encoding="utf-8") as file:
        file.write(contents(entity_count))
    with open(os.path.join(bundle, ".xccurrentversion"), "w", encoding="utf-8") as file:
        file.write(
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
            '<plist version="1.0">\n<dict>\n\t<key>_XCCurrentVersionName</key>\n'
            '\t<string>%s.xcdatamodel</string>\n</dict>\n</plist>\n' % model)
    print(bundle)


if __name__ == "__main__":
    main()
