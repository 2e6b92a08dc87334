# The autocast's device is a parameter defaulting to "cuda", but a caller hands "cpu": gradfix
# cannot tell which device a run uses, so it stays silent.
import torch
import torch.nn.functional as F


def fit_on_cpu_when_told(net, optimizer, batches, device="cuda"):
    for inputs, labels in batches:
        optimizer.zero_grad()
        with torch.autocast(device_type=device, dtype=torch.float16):
            loss = F.cross_entropy(net(inputs), labels)
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    net = torch.nn.Linear(4, 2)
    fit_on_cpu_when_told(net, torch.optim.SGD(net.parameters(), lr=0.1), [(torch.randn(8, 4), torch.randint(0, 2, (8,)))], device="cpu")
