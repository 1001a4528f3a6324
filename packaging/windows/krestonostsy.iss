; Inno Setup script of the Windows installer. Built by packaging/build.py, which passes
; AppVersion, SourceDir (the PyInstaller onedir), IconFile, OutputDir and OutputName with /D.
; Installs per user by default (no administrator needed), with a Start menu entry and an
; optional desktop shortcut; uninstalls cleanly from "Apps & features".

; Checked against Inno Setup 6's documentation: x64compatible (below) needs Inno Setup 6.3
; or later; the /D values are required.
#if VER < EncodeVer(6,3,0)
  #error Inno Setup 6.3 or later is needed (ArchitecturesAllowed=x64compatible)
#endif
#ifndef AppVersion
  #error Pass /DAppVersion=, /DSourceDir=, /DIconFile=, /DOutputDir= and /DOutputName= (packaging/build.py does)
#endif

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
; Qt 6 runs on Windows 10 1809 (build 17763) and later.
MinVersion=10.0.17763
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

[CustomMessages]
; The menu entry's name in the installer's language, as the Linux menu entry does.
russian.GameName=Крестоносцы
english.GameName=Krestonostsy
russian.LaunchGame=Запустить «Крестоносцев»
english.LaunchGame=Start Krestonostsy

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An update replaces the bundle whole: no library of the previous version stays beside the
; new ones (the game keeps nothing of the player's in its folder).
Type: filesandordirs; Name: "{app}\_internal"

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{cm:GameName}"; Filename: "{app}\krestonostsy.exe"
Name: "{autodesktop}\{cm:GameName}"; Filename: "{app}\krestonostsy.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\krestonostsy.exe"; Description: "{cm:LaunchGame}"; Flags: nowait postinstall skipifsilent
