from utils import engine
from utils.engine import evaluate, train_one_epoch
from utils.optim import build_optimizer, make_optimizer

CFG = {"optim": "sgd", "lr": 0.1, "epochs": 5}


def main(model, loader, val_loader):
    optimizer = build_optimizer(model, CFG["lr"])
    for epoch in range(CFG["epochs"]):
        train_one_epoch(model, loader, optimizer)
        evaluate(model, val_loader)


def finetune(net, loader, val_loader):
    opt = make_optimizer(CFG, net)
    step = 0
    while step < CFG["epochs"]:
        train_one_epoch(net, loader, opt)
        engine.evaluate(net, val_loader)
        step += 1
