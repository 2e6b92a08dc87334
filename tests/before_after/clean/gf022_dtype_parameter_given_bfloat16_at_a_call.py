# The dtype parameter defaults to float16, but the one call passes bfloat16, which has
# float32's range and needs no scaler.
import torch


def fit_with_autocast_dtype(model, loader, criterion, amp_dtype=torch.float16):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=amp_dtype):
            loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()


fit_with_autocast_dtype(Net().cuda(), make_loader(), torch.nn.CrossEntropyLoss(), amp_dtype=torch.bfloat16)
