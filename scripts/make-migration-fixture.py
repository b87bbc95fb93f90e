#!/usr/bin/env python3
"""Writes Fixtures/MigrationRules/Migrations.xcdatamodeld (outside Fixtures/Models, whose every version the type-check tests generate and compile): a base version and one version per lightweight-migration rule.

Each version NN-slug is the base with one change; `managed-codegen migration-check --from 00-base
--model-version NN-slug` must report exactly what Fixtures/Expected/MigrationCheck/NN-slug.txt holds.
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
    ("08-attribute-changes-type", replace("Item", 'name="price" optional="YES" attributeType="Decimal"', 'name="price" optional="YES" attributeType="Double" usesScalarValueType="YES"')),
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
]

def write(folder, entities):
    os.makedirs(folder, exist_ok=True)
    body = "".join(entities[name] for name in sorted(entities))
    with open(os.path.join(folder, "contents"), "w") as f:
        f.write(HEAD + body + "</model>\n")

root = "Fixtures/MigrationRules/Migrations.xcdatamodeld"
shutil.rmtree(root, ignore_errors=True)
write(f"{root}/00-base.xcdatamodel", dict(BASE))
for name, edit in RULES:
    entities = dict(BASE)
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
