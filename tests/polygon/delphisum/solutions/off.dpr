{ One too many. }
program off;

var
  A, B: Int64;
begin
  Read(A, B);
  WriteLn(A + B + 1);
end.
