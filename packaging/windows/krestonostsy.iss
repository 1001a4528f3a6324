; Inno Setup script of the Windows installer. Built by packaging/build.py, which passes
; AppVersion, SourceDir (the PyInstaller onedir), IconFile, OutputDir and OutputName with /D.
; Installs per user by default (no administrator needed), with a Start menu entry and an
; optional desktop shortcut; uninstalls cleanly from "Apps & features".

[Setup]
AppId={{6F4B6E2C-7D0F-4B8E-9A59-2B8C1E5D3A41}
AppName=Krestonostsy
AppVerName=Krestonostsy {#AppVersion}
AppVersion={#AppVersion}
AppPublisher=Krestonostsy developers
DefaultDirName={autopf}\Krestonostsy
DefaultGroupName=Krestonostsy
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename={#OutputName}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\krestonostsy.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "russian"; MessagesFile: "compiler:Languages\Russian.isl"
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Крестоносцы"; Filename: "{app}\krestonostsy.exe"
Name: "{autodesktop}\Крестоносцы"; Filename: "{app}\krestonostsy.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\krestonostsy.exe"; Description: "{cm:LaunchProgram,Крестоносцы}"; Flags: nowait postinstall skipifsilent
