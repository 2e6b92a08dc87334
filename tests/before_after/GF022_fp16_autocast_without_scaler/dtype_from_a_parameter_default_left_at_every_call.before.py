# The autocast's dtype is a parameter of the training function whose default is float16,
# and the file's only call leaves it at that default: the forward runs in float16 unscaled.
import torch


def fit_in_mixed_precision(model, loader, criterion, epochs=1, amp_dtype=torch.float16):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            with torch.autocast("cuda", dtype=amp_dtype):
                loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    fit_in_mixed_precision(Net().cuda(), make_loader(), torch.nn.CrossEntropyLoss(), epochs=3)
