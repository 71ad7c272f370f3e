{ Accepts the output whose one number is the answer's. }
program check;

uses
{$IFDEF MSWINDOWS}
  judgeunit in '..\utils\judgeunit.pas';
{$ELSE}
  judgeunit in '../utils/judgeunit.pas';
{$ENDIF}

var
  Got, Want: TReader;
begin
  Got := TReader.Create(ParamStr(2));
  Want := TReader.Create(ParamStr(3));
  if Got.NextInt = Want.NextInt then
    Finish(0, 'the sum is right')
  else
    Finish(1, 'the sum is wrong');
end.
