# The float16 default is replaced in the body when the GPU supports bfloat16; gradfix cannot
# tell which dtype the forward runs in.
import torch


def fit_with_rebound_dtype(model, loader, criterion, amp_dtype=torch.float16):
    if torch.cuda.is_bf16_supported():
        amp_dtype = torch.bfloat16
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=amp_dtype):
            loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()


fit_with_rebound_dtype(Net().cuda(), make_loader(), torch.nn.CrossEntropyLoss())
