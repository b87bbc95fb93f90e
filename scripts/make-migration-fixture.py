#!/usr/bin/env python3
"""Writes two bundles under Fixtures/MigrationRules (outside Fixtures/Models, whose every version the type-check
tests generate and compile), each a base version and one version per fact (docs/core-data-runtime.md, "What the
version hashes are made of … and what lightweight migration infers"):

- Migrations.xcdatamodeld: one version per lightweight-migration rule. `managed-codegen migration-check --from
  00-base --model-version NN-slug` must report exactly what Fixtures/Expected/MigrationCheck/NN-slug.txt holds
  (ModelLockCLITests).
- VersionHashes.xcdatamodeld: one version per version-hash fact; `changes-…` versions change an entity's
  Core Data version hash (the model lock must refuse them), `same-…` versions do not (the lock must let them
  pass). The expected change of each is in Tests/ModelLockTests/VersionHashFixtureTests.swift.

Run from the package root after changing a rule; the model files are committed, this script is their source."""
import os, shutil

HEAD = '''<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" lastSavedToolsVersion="23507" systemVersion="23E224" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
'''
BASE = {
    "Item": '''    <entity name="Item" representedClassName="Item" syncable="YES">
        <attribute name="count" attributeType="Integer 32" defaultValueString="0" usesScalarValueType="YES"/>
        <attribute name="name" attributeType="String"/>
        <attribute name="note" optional="YES" attributeType="String"/>
        <attribute name="price" optional="YES" attributeType="Decimal"/>
        <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="items" inverseEntity="Person"/>
        <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="items" inverseEntity="Tag"/>
    </entity>
''',
    "Person": '''    <entity name="Person" representedClassName="Person" syncable="YES">
        <attribute name="name" attributeType="String"/>
        <relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" inverseName="owner" inverseEntity="Item"/>
    </entity>
''',
    "Tag": '''    <entity name="Tag" representedClassName="Tag" syncable="YES">
        <attribute name="label" attributeType="String"/>
        <relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" inverseName="tags" inverseEntity="Item"/>
        <attribute name="blob" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"/>
        <attribute name="thumbnail" optional="YES" attributeType="Binary"/>
        <attribute name="style" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData"/>
    </entity>
''',
}

def attr(name, rest): return f'        <attribute name="{name}" {rest}/>\n'

def replace(entity, old, new):
    def edit(entities):
        assert old in entities[entity], (entity, old)
        entities[entity] = entities[entity].replace(old, new)
    return edit

def add_line(entity, line):
    def edit(entities):
        text = entities[entity]
        closing = text.rindex("    </entity>")
        entities[entity] = text[:closing] + line + text[closing:]
    return edit

def add_entity(name, text):
    def edit(entities): entities[name] = text
    return edit

def remove_entity(name):
    def edit(entities): del entities[name]
    return edit

def seq(*edits):
    def edit(entities):
        for e in edits: e(entities)
    return edit

RECORD = '''    <entity name="Record" representedClassName="Record" syncable="YES">
        <attribute name="name" attributeType="String"/>
    </entity>
'''
NAME = '        <attribute name="name" attributeType="String"/>\n'

RULES = [
    ("01-add-optional-attribute", add_line("Item", attr("sku", 'optional="YES" attributeType="String"'))),
    ("02-remove-attribute", replace("Item", attr("note", 'optional="YES" attributeType="String"'), "")),
    ("03-attribute-becomes-optional", replace("Item", attr("name", 'attributeType="String"'), attr("name", 'optional="YES" attributeType="String"'))),
    ("04-attribute-becomes-required-with-default", replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" attributeType="Decimal" defaultValueString="0"')),
    ("05-attribute-becomes-required-without-default", replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" attributeType="Decimal"')),
    ("06-rename-attribute-with-renaming-id", replace("Item", 'name="note" optional="YES"', 'name="memo" optional="YES" elementID="note"')),
    ("07-rename-attribute-without-renaming-id", replace("Item", 'name="note" optional="YES"', 'name="memo" optional="YES"')),
    ("08-attribute-changes-type", replace("Item", 'name="note" optional="YES" attributeType="String"', 'name="note" optional="YES" attributeType="Date"')),
    ("09-add-required-attribute-without-default", add_line("Item", attr("sku", 'attributeType="String"'))),
    ("10-add-required-attribute-with-default", add_line("Item", attr("sku", 'attributeType="String" defaultValueString="none"'))),
    ("11-add-entity", add_entity("Shelf", '''    <entity name="Shelf" representedClassName="Shelf" syncable="YES">
        <attribute name="code" attributeType="String"/>
    </entity>
''')),
    ("12-remove-entity", seq(remove_entity("Tag"), replace("Item", '        <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="items" inverseEntity="Tag"/>\n', ""))),
    ("13-rename-entity-with-renaming-id", seq(
        remove_entity("Tag"),
        add_entity("Label", BASE["Tag"].replace('name="Tag" representedClassName="Tag"', 'name="Label" representedClassName="Label" elementID="Tag"')),
        replace("Item", 'destinationEntity="Tag" inverseName="items" inverseEntity="Tag"', 'destinationEntity="Label" inverseName="items" inverseEntity="Label"'))),
    ("14-rename-entity-without-renaming-id", seq(
        remove_entity("Tag"),
        add_entity("Label", BASE["Tag"].replace('name="Tag" representedClassName="Tag"', 'name="Label" representedClassName="Label"')),
        replace("Item", 'destinationEntity="Tag" inverseName="items" inverseEntity="Tag"', 'destinationEntity="Label" inverseName="items" inverseEntity="Label"'))),
    ("15-to-one-becomes-to-many", replace("Item", 'name="owner" optional="YES" maxCount="1"', 'name="owner" optional="YES" toMany="YES"')),
    ("16-to-many-becomes-to-one", replace("Item", 'name="tags" optional="YES" toMany="YES"', 'name="tags" optional="YES" maxCount="1"')),
    ("17-unordered-becomes-ordered", replace("Item", 'name="tags" optional="YES" toMany="YES"', 'name="tags" optional="YES" toMany="YES" ordered="YES"')),
    ("18-add-relationship", seq(
        add_line("Person", '        <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="people" inverseEntity="Tag"/>\n'),
        add_line("Tag", '        <relationship name="people" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Person" inverseName="tags" inverseEntity="Person"/>\n'))),
    ("19-add-required-relationship", seq(
        add_line("Person", '        <relationship name="favorite" maxCount="1" deletionRule="Nullify" destinationEntity="Tag" inverseName="fans" inverseEntity="Tag"/>\n'),
        add_line("Tag", '        <relationship name="fans" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Person" inverseName="favorite" inverseEntity="Person"/>\n'))),
    ("20-relationship-changes-destination", seq(
        replace("Item", 'name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="items" inverseEntity="Person"',
                'name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Tag" inverseName="owned" inverseEntity="Tag"'),
        replace("Person", '        <relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" inverseName="owner" inverseEntity="Item"/>\n', ""),
        add_line("Tag", '        <relationship name="owned" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" inverseName="owner" inverseEntity="Item"/>\n'))),
    ("21-new-parent-entity", seq(
        add_entity("Record", RECORD),
        replace("Item", '<entity name="Item" representedClassName="Item" syncable="YES">', '<entity name="Item" representedClassName="Item" parentEntity="Record" syncable="YES">'),
        replace("Item", NAME, ""))),
    ("22-merge-entity-hierarchies", seq(
        add_entity("Record", RECORD),
        replace("Item", '<entity name="Item" representedClassName="Item" syncable="YES">', '<entity name="Item" representedClassName="Item" parentEntity="Record" syncable="YES">'),
        replace("Item", NAME, ""),
        replace("Person", '<entity name="Person" representedClassName="Person" syncable="YES">', '<entity name="Person" representedClassName="Person" parentEntity="Record" syncable="YES">'),
        replace("Person", NAME, ""))),
    ("23-defaults-validation-user-info-class-names", seq(
        replace("Item", 'defaultValueString="0"', 'minValueString="0" maxValueString="100" defaultValueString="5"'),
        replace("Item", attr("name", 'attributeType="String"'), attr("name", 'attributeType="String" minValueString="1" regularExpressionString="[A-Za-z ]+"')),
        replace("Item", 'representedClassName="Item"', 'representedClassName="Product"'),
        replace("Person", '    </entity>', '''        <userInfo>
            <entry key="note" value="user info never changes the store"/>
        </userInfo>
    </entity>'''))),
    # Numbers and Booleans convert into each other.
    ("24-numeric-type-changes", seq(
        replace("Item", 'attributeType="Integer 32"', 'attributeType="Integer 64"'),
        replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" optional="YES" attributeType="Double" usesScalarValueType="YES"'))),
    ("25-rename-attribute-with-type-change", replace("Item", 'name="note" optional="YES" attributeType="String"', 'name="memo" optional="YES" attributeType="Date" elementID="note"')),
    ("26-transformable-becomes-binary", replace("Tag", 'name="style" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData"', 'name="style" optional="YES" attributeType="Binary"')),
    ("27-transformable-becomes-binary-allowed", replace("Tag", '<attribute name="style" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData"/>', '''<attribute name="style" optional="YES" attributeType="Binary">
            <userInfo>
                <entry key="NSMigrationAllowTypeTransformation" value="YES"/>
            </userInfo>
        </attribute>''')),
    ("28-external-storage-turned-off", replace("Tag", 'name="blob" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"', 'name="blob" optional="YES" attributeType="Binary"')),
    ("29-external-storage-turned-on", replace("Tag", 'name="thumbnail" optional="YES" attributeType="Binary"', 'name="thumbnail" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"')),
    # A required to-many with min count 0 accepts the empty set every existing row gets.
    ("30-add-required-to-many-with-min-zero", seq(
        add_line("Person", '        <relationship name="tags" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" inverseName="people" inverseEntity="Tag"/>\n'),
        add_line("Tag", '        <relationship name="people" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Person" inverseName="tags" inverseEntity="Person"/>\n'))),
    ("31-to-many-becomes-required-with-min-zero", replace("Item", 'name="tags" optional="YES" toMany="YES"', 'name="tags" toMany="YES"')),
    # Label claims Tag's identity while Tag (identified by its name) stays: error 134190.
    ("32-duplicate-entity-renaming-identifier", add_entity("Label", '''    <entity name="Label" representedClassName="Label" elementID="Tag" syncable="YES">
        <attribute name="label" attributeType="String"/>
    </entity>
''')),
    ("33-duplicate-property-renaming-identifier", add_line("Item", attr("memo", 'optional="YES" attributeType="String" elementID="note"'))),
    # Several of the removed attribute's type added: the advice names the one named like it (noteText), not the first.
    ("34-rename-attribute-among-several-added", seq(
        replace("Item", attr("note", 'optional="YES" attributeType="String"'), ""),
        add_line("Item", attr("author", 'optional="YES" attributeType="String"')),
        add_line("Item", attr("noteText", 'optional="YES" attributeType="String"')),
        add_line("Item", attr("zip", 'optional="YES" attributeType="String"')))),
    # 07 with the added attribute's Renaming ID set to its own name: "memo is new, not note renamed".
    ("35-added-attribute-is-not-a-rename", replace("Item", 'name="note" optional="YES"', 'name="memo" optional="YES" elementID="memo"')),
]

# The version-hash fixture: every kind of element Core Data hashes (and several it does not) in one model.
HASH_BASE = {
    "Item": '''    <entity name="Item" representedClassName="Item" parentEntity="Record" syncable="YES">
        <attribute name="blob" optional="YES" attributeType="Binary"/>
        <attribute name="lineCount" optional="YES" attributeType="Integer 64" derived="YES" derivationExpression="lines.@count" usesScalarValueType="YES"/>
        <attribute name="name" attributeType="String" defaultValueString="none" minValueString="1"/>
        <attribute name="place" optional="YES" attributeType="Composite" composite="Place"/>
        <attribute name="price" optional="YES" attributeType="Decimal"/>
        <attribute name="scratch" optional="YES" attributeType="String" transient="YES"/>
        <attribute name="style" optional="YES" attributeType="Transformable" valueTransformerName="NSSecureUnarchiveFromData" customClassName="NSAttributedString"/>
        <attribute name="weight" optional="YES" attributeType="Double" usesScalarValueType="YES"/>
        <relationship name="lines" optional="YES" toMany="YES" deletionRule="Cascade" destinationEntity="Line" inverseName="item" inverseEntity="Line"/>
        <relationship name="owner" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Person" inverseName="items" inverseEntity="Person"/>
        <relationship name="related" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" inverseName="related" inverseEntity="Item"/>
        <fetchedProperty name="similar" optional="YES">
            <fetchRequest name="fetchedPropertyFetchRequest" entity="Item" predicateString="name == $FETCH_SOURCE.name"/>
        </fetchedProperty>
        <fetchIndex name="byName">
            <fetchIndexElement property="name" type="Binary" order="ascending"/>
        </fetchIndex>
        <uniquenessConstraints>
            <uniquenessConstraint>
                <constraint value="name"/>
            </uniquenessConstraint>
        </uniquenessConstraints>
    </entity>
''',
    "Line": '''    <entity name="Line" representedClassName="Line" syncable="YES">
        <attribute name="quantity" attributeType="Integer 32" defaultValueString="1" usesScalarValueType="YES"/>
        <relationship name="item" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Item" inverseName="lines" inverseEntity="Item"/>
    </entity>
''',
    "Person": '''    <entity name="Person" representedClassName="Person" syncable="YES">
        <attribute name="name" attributeType="String"/>
        <relationship name="best" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Item"/>
        <relationship name="items" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Item" inverseName="owner" inverseEntity="Item"/>
    </entity>
''',
    "Record": '''    <entity name="Record" representedClassName="Record" isAbstract="YES" syncable="YES">
        <attribute name="created" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
    </entity>
''',
    # Not an entity: sorts after them.
    "~composites": '''    <composite name="Coordinates">
        <attribute name="latitude" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
        <attribute name="longitude" attributeType="Double" defaultValueString="0.0" usesScalarValueType="YES"/>
    </composite>
    <composite name="Place">
        <attribute name="coordinates" optional="YES" attributeType="Composite" composite="Coordinates"/>
        <attribute name="label" attributeType="String"/>
    </composite>
''',
}

def add_before(entity, closing, line):
    def edit(entities):
        text = entities[entity]
        at = text.index(closing)
        entities[entity] = text[:at] + line + text[at:]
    return edit

HASH_RULES = [
    # Each changes one fact a version hash is made of.
    ("changes-attribute-optional", replace("Item", 'name="price" optional="YES"', 'name="price"')),
    ("changes-attribute-type", replace("Item", 'name="weight" optional="YES" attributeType="Double"', 'name="weight" optional="YES" attributeType="Float"')),
    ("changes-attribute-external-storage", replace("Item", 'name="blob" optional="YES" attributeType="Binary"', 'name="blob" optional="YES" attributeType="Binary" allowsExternalBinaryDataStorage="YES"')),
    ("changes-attribute-preserve-after-deletion", replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" optional="YES" attributeType="Decimal" preserveAfterDeletion="YES"')),
    ("changes-attribute-version-hash-modifier", replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" optional="YES" attributeType="Decimal" versionHashModifier="2"')),
    ("changes-attribute-becomes-transient", replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" optional="YES" attributeType="Decimal" transient="YES"')),
    ("changes-attribute-added", add_line("Person", attr("email", 'optional="YES" attributeType="String"'))),
    ("changes-derivation-expression", replace("Item", 'derivationExpression="lines.@count"', 'derivationExpression="related.@count"')),
    ("changes-composite-element", replace("~composites", '<attribute name="label" attributeType="String"/>', '<attribute name="label" optional="YES" attributeType="String"/>')),
    ("changes-nested-composite-element", replace("~composites", 'name="latitude" attributeType="Double"', 'name="latitude" attributeType="Float"')),
    ("changes-relationship-optional", replace("Item", 'name="owner" optional="YES" maxCount="1"', 'name="owner" maxCount="1"')),
    ("changes-relationship-destination", replace("Person", 'name="best" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Item"', 'name="best" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Line"')),
    ("changes-relationship-inverse", seq(
        replace("Item", 'inverseName="item" inverseEntity="Line"', 'inverseName="order" inverseEntity="Line"'),
        replace("Line", 'name="item" optional="YES"', 'name="order" optional="YES"'))),
    ("changes-relationship-min-count", replace("Person", 'name="items" optional="YES" toMany="YES"', 'name="items" optional="YES" toMany="YES" minCount="1"')),
    ("changes-relationship-max-count", replace("Person", 'name="items" optional="YES" toMany="YES"', 'name="items" optional="YES" toMany="YES" maxCount="5"')),
    ("changes-relationship-ordered", replace("Person", 'name="items" optional="YES" toMany="YES"', 'name="items" optional="YES" toMany="YES" ordered="YES"')),
    ("changes-entity-abstract", replace("Person", 'representedClassName="Person"', 'representedClassName="Person" isAbstract="YES"')),
    ("changes-entity-version-hash-modifier", replace("Person", 'representedClassName="Person"', 'representedClassName="Person" versionHashModifier="2"')),
    ("changes-entity-uniqueness-constraint", add_before("Item", "        </uniquenessConstraints>", '''            <uniquenessConstraint>
                <constraint value="price"/>
                <constraint value="weight"/>
            </uniquenessConstraint>
''')),
    ("changes-parent-entity-attribute", replace("Record", 'name="created" optional="YES"', 'name="created"')),
    # Each changes only what no version hash includes.
    ("same-delete-rule", replace("Item", 'deletionRule="Cascade"', 'deletionRule="Deny"')),
    ("same-renaming-identifier", replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" optional="YES" attributeType="Decimal" elementID="cost"')),
    ("same-user-info", replace("Person", '    </entity>', '''        <userInfo>
            <entry key="note" value="user info never changes the store"/>
        </userInfo>
    </entity>''')),
    ("same-default-and-validation", replace("Item", 'defaultValueString="none" minValueString="1"', 'defaultValueString="unnamed" minValueString="2" maxValueString="80" regularExpressionString="[a-z]+"')),
    ("same-class-names", seq(
        replace("Item", 'representedClassName="Item"', 'representedClassName="Product"'),
        replace("Item", 'customClassName="NSAttributedString"', 'customClassName="NSString"'),
        replace("Item", 'valueTransformerName="NSSecureUnarchiveFromData"', 'valueTransformerName="StyleTransformer"'))),
    ("same-cloud-encryption-and-spotlight", replace("Item", 'name="name" attributeType="String"', 'name="name" attributeType="String" allowsCloudEncryption="YES" spotlightIndexingEnabled="YES"')),
    ("same-uses-scalar-value-type", replace("Item", 'attributeType="Double" usesScalarValueType="YES"', 'attributeType="Double" usesScalarValueType="NO"')),
    ("same-transient-properties", seq(
        replace("Item", 'name="scratch" optional="YES" attributeType="String" transient="YES"', 'name="scratch" attributeType="Integer 16" transient="YES" usesScalarValueType="YES"'),
        add_line("Person", attr("draft", 'optional="YES" attributeType="String" transient="YES"')))),
    ("same-fetched-properties", replace("Item", 'predicateString="name == $FETCH_SOURCE.name"', 'predicateString="price == $FETCH_SOURCE.price"')),
    ("same-fetch-index", replace("Item", '''        <fetchIndex name="byName">
            <fetchIndexElement property="name" type="Binary" order="ascending"/>
        </fetchIndex>
''', "")),
    ("same-self-inverse-without-inverse", replace("Item", 'destinationEntity="Item" inverseName="related" inverseEntity="Item"', 'destinationEntity="Item"')),
    ("same-composite-element-order-and-transient-element", replace("~composites", '''        <attribute name="coordinates" optional="YES" attributeType="Composite" composite="Coordinates"/>
        <attribute name="label" attributeType="String"/>
''', '''        <attribute name="label" attributeType="String"/>
        <attribute name="cached" optional="YES" attributeType="String" transient="YES"/>
        <attribute name="coordinates" optional="YES" attributeType="Composite" composite="Coordinates"/>
''')),
    # A derived attribute is hashed by its expression only, in Core Data's spelling (issue 44).
    ("same-derived-attribute-type-and-optionality", replace("Item", 'name="lineCount" optional="YES" attributeType="Integer 64" derived="YES"', 'name="lineCount" attributeType="Integer 32" derived="YES"')),
    ("same-derivation-in-core-data-spelling", replace("Item", 'derivationExpression="lines.@count"', 'derivationExpression="count:(lines)"')),
    ("same-configuration", replace("~composites", '    <composite name="Coordinates">', '''    <configuration name="Local">
        <memberEntity name="Item"/>
        <memberEntity name="Line"/>
    </configuration>
    <composite name="Coordinates">''')),
]

def write(folder, entities):
    os.makedirs(folder, exist_ok=True)
    body = "".join(entities[name] for name in sorted(entities))
    with open(os.path.join(folder, "contents"), "w") as f:
        f.write(HEAD + body + "</model>\n")

def write_bundle(root, base, rules):
    shutil.rmtree(root, ignore_errors=True)
    write(f"{root}/00-base.xcdatamodel", dict(base))
    for name, edit in rules:
        entities = dict(base)
        edit(entities)
        write(f"{root}/{name}.xcdatamodel", entities)
    with open(f"{root}/.xccurrentversion", "w") as f:
        f.write('''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>_XCCurrentVersionName</key>
	<string>00-base.xcdatamodel</string>
</dict>
</plist>
''')

write_bundle("Fixtures/MigrationRules/Migrations.xcdatamodeld", BASE, RULES)
write_bundle("Fixtures/MigrationRules/VersionHashes.xcdatamodeld", HASH_BASE, HASH_RULES)
