{ A checker's unit written for Delphi mode, as Polygon packages' Pascal units are: a class
  with a destructor and Result, which Free Pascal's default mode does not know. Its verdict
  is also written to report.txt in the checker's working folder, as such units do. }
unit judgeunit;

interface

type
  TReader = class
  private
    FFile: Text;
  public
    constructor Create(const Name: string);
    destructor Destroy; override;
    function NextInt: Int64;
  end;

procedure Finish(Code: Integer; const Message: string);

implementation

uses
  SysUtils;

constructor TReader.Create(const Name: string);
begin
  inherited Create;
  Assign(FFile, Name);
  Reset(FFile);
end;

destructor TReader.Destroy;
begin
  Close(FFile);
  inherited Destroy;
end;

function TReader.NextInt: Int64;
begin
  Result := -1;
  if not SeekEof(FFile) then
    Read(FFile, Result);
end;

procedure Finish(Code: Integer; const Message: string);
var
  Report: Text;
begin
  if FileExists('report.txt') then
  begin
    WriteLn(ErrOutput, 'report.txt was left by an earlier run');
    Halt(3);
  end;
  Assign(Report, 'report.txt');
  Rewrite(Report);
  WriteLn(Report, Message);
  Close(Report);
  WriteLn(ErrOutput, Message);
  Halt(Code);
end;

end.
