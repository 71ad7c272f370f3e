{ Right, with a function's Result: Delphi mode. }
program sum;

function Add(A, B: Int64): Int64;
begin
  Result := A + B;
end;

var
  A, B: Int64;
begin
  Read(A, B);
  WriteLn(Add(A, B));
end.
