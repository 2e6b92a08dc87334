import torch


def build_steps(net, opt):
    def train_step(inputs, targets):
        opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(net(inputs), targets)
        loss.backward()
        opt.step()
        return loss.item()

    def evaluate(inputs, targets):
        with torch.no_grad():
            return torch.nn.functional.mse_loss(net(inputs), targets).item()

    return train_step, evaluate


def main():
    net = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    train_step, evaluate = build_steps(net, opt)
    batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)]
    for epoch in range(3):
        for inputs, targets in batches:
            train_step(inputs, targets)
        print(epoch, evaluate(*batches[0]))


main()
