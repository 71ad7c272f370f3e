{ A checker's unit written for Delphi mode, as Polygon packages' Pascal units are: a class
  with a destructor and Result, which Free Pascal's default mode does not know. }
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
begin
  WriteLn(ErrOutput, Message);
  Halt(Code);
end;

end.
